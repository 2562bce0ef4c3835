import type { Executor } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { resolveRecords } from './access.repository.ts';

/**
 * A group belongs to a centre: its creator's (403 for a caller without a centre, who has nowhere
 * to keep one), and its members must be clients of that centre.
 */
export function newGroupCentre(actor: Actor): number {
  if (actor.centreId === null) throw forbidden();
  return actor.centreId;
}

/**
 * The member ids, each once, after checking every one is a client of the group's centre: a
 * client of another centre answers exactly as a missing one (404 group_member_not_found), and
 * nothing is added. Run it on the write's transaction.
 */
export async function requireGroupMembers(
  db: Executor,
  centreId: number,
  clientIds: readonly number[],
): Promise<number[]> {
  const ids = [...new Set(clientIds)];
  const places = await resolveRecords(db, 'client', ids);
  if (ids.some((id) => places.get(id)?.centreId !== centreId)) throw notFound('group_member_not_found');
  return ids;
}
