import type {
  Group,
  GroupList,
  GroupPlanCheck,
  groupAddClientsBodySchema,
  groupCreateBodySchema,
  groupListQuerySchema,
  groupUpdateBodySchema,
} from '@cairn/shared/groups.schemas';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { scopeOf } from '../access/access.policy.ts';
import { requireCentreRecord, writeWithinCentre } from '../access/access.service.ts';
import { newGroupCentre, requireGroupMembers } from '../access/groups.policy.ts';
import * as repo from './groups.repository.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';

type ListQuery = z.output<typeof groupListQuerySchema>;
type CreateInput = z.output<typeof groupCreateBodySchema>;
type UpdateInput = z.output<typeof groupUpdateBodySchema>;
type MemberRefs = z.output<typeof groupAddClientsBodySchema>;

/** GET /groups: the caller's centre's groups (an Admin's: every centre's), newest first. */
export function listGroups(db: Db, actor: Actor, query: ListQuery): Promise<GroupList> {
  return repo.listGroups(db, scopeOf(actor), {
    search: (query.s ?? '').toLowerCase(),
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
}

export async function getGroup(db: Db, actor: Actor, groupId: number): Promise<Group> {
  await requireCentreRecord(db, actor, 'group', groupId);
  return readGroup(db, groupId);
}

/** POST /groups: the group belongs to its creator's centre, and so must its members. */
export async function createGroup(db: Db, actor: Actor, input: CreateInput): Promise<Group> {
  const centreId = newGroupCentre(actor);
  return saveMembers(() =>
    auditedTransaction(db, actor, async (tx) => {
      const memberIds = await requireMembers(tx, centreId, input.clients);
      const groupId = await repo.insertGroup(tx, {
        name: input.name,
        description: input.description,
        centreId,
        createdBy: actor.userId,
      });
      await repo.addMembers(tx, groupId, memberIds);
      return readGroup(tx, groupId);
    }),
  );
}

/** PUT /groups/{id}: name and description, and the whole member list when `clients` is sent. */
export function updateGroup(db: Db, actor: Actor, groupId: number, input: UpdateInput): Promise<Group> {
  return saveMembers(() =>
    writeWithinCentre(db, actor, 'group', groupId, async (tx, group) => {
      if (input.clients) {
        await repo.replaceMembers(tx, groupId, await requireMembers(tx, group.centreId, input.clients));
      }
      await repo.updateGroup(tx, groupId, { name: input.name, description: input.description });
      return readGroup(tx, groupId);
    }),
  );
}

/** POST /groups/{id}/clients: adds members; one already in the group stays once. */
export function addClients(db: Db, actor: Actor, groupId: number, input: MemberRefs): Promise<Group> {
  return saveMembers(() =>
    writeWithinCentre(db, actor, 'group', groupId, async (tx, group) => {
      await repo.addMembers(tx, groupId, await requireMembers(tx, group.centreId, input));
      await repo.touchGroup(tx, groupId);
      return readGroup(tx, groupId);
    }),
  );
}

/** DELETE /groups/{id}: the group and its memberships, never its clients. */
export async function deleteGroup(db: Db, actor: Actor, groupId: number): Promise<void> {
  await writeWithinCentre(db, actor, 'group', groupId, (tx) => repo.deleteGroup(tx, groupId));
}

/** GET /groups/{id}/check-plans: the members a support or training could not reach. */
export async function checkPlans(db: Db, actor: Actor, groupId: number): Promise<GroupPlanCheck> {
  await requireCentreRecord(db, actor, 'group', groupId);
  return { clientsMissingOpenPlan: await repo.membersWithoutOpenPlan(db, groupId) };
}

async function readGroup(db: Executor, groupId: number): Promise<Group> {
  const group = await repo.findGroup(db, groupId);
  // Deleted by someone else between the write and this read.
  if (!group) throw notFound();
  return group;
}

/** The members `refs` name, each once, all clients of the group's centre (groups.policy.ts). */
function requireMembers(db: Executor, centreId: number, refs: MemberRefs): Promise<number[]> {
  // A client deleted between this check and the insert is refused by the foreign key (saveMembers).
  return requireGroupMembers(
    db,
    centreId,
    refs.map((r) => r.client_id),
  );
}

/** A write of members, answering 404 when one of them was deleted before it committed. */
function saveMembers<T>(write: () => Promise<T>): Promise<T> {
  return answerConstraints(write, { [repo.MEMBER_CLIENT_FK]: () => notFound('group_member_not_found') });
}
