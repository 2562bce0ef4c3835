import type { GroupMember } from '@cairn/shared/groups.schemas';

/** A member on the list being chosen: the new group's, or the group's while managing members. */
export interface ChosenMember {
  client_id: number;
  /** As the list shows it: the client's name (and date of birth when the picker gave one). */
  name: string;
}

/** The group's members as the member list holds them. */
export function chosenMembersOf(members: readonly GroupMember[]): ChosenMember[] {
  return members.map((member) => ({ client_id: member.client_id, name: member.full_name }));
}

/** Whether the client is on the list already. */
export function hasMember(list: readonly ChosenMember[], clientId: number): boolean {
  return list.some((member) => member.client_id === clientId);
}

/** The list with the member at its end; a client already on it stays once, where it was. */
export function addMember(list: readonly ChosenMember[], member: ChosenMember): ChosenMember[] {
  return hasMember(list, member.client_id) ? [...list] : [...list, member];
}

/** The list without the client. */
export function removeMember(list: readonly ChosenMember[], clientId: number): ChosenMember[] {
  return list.filter((member) => member.client_id !== clientId);
}

/** Spec §5: a group save names its members only by client_id. */
export function memberRefs(list: readonly ChosenMember[]): Array<{ client_id: number }> {
  return list.map(({ client_id }) => ({ client_id }));
}

/** Whether both lists hold the same clients, whatever their order. */
export function sameMembers(a: readonly ChosenMember[], b: readonly ChosenMember[]): boolean {
  const ids = new Set(a.map((member) => member.client_id));
  return a.length === b.length && b.every((member) => ids.has(member.client_id));
}
