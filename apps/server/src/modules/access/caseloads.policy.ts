import type { WorkerFilter } from '@cairn/shared/caseloads.schemas';
import { ROLE } from '@cairn/shared/roles';
import type { Executor } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { reaches, type Scope } from './access.policy.ts';
import { findWorkerStanding, type WorkerStanding } from './access.repository.ts';

/**
 * Caseloads (issue 32): who may be a client's worker, and whose clients a list filter means. Who
 * may reassign is the write right on the clients within the caller's scope (`cases.write`, the
 * records resolved by requireRecords); this file says which worker they may be given.
 */

/** Whether a user may be given clients of `centreId`: an active Coordinator of that centre. */
export const isWorkerOf = (standing: WorkerStanding | undefined, centreId: number): boolean =>
  standing !== undefined &&
  standing.active &&
  standing.roleId === ROLE.coordinator &&
  standing.centreId === centreId;

/** The list's worker filter as a user id (`me`: the caller), null for the unassigned, undefined for any. */
export function workerFilterOf(actor: Actor, worker: WorkerFilter | undefined): number | null | undefined {
  if (worker === undefined) return undefined;
  if (worker === 'none') return null;
  return worker === 'me' ? actor.userId : worker;
}

/** 400 `worker_not_eligible` on `worker_id`. */
const notEligible = () =>
  new HttpError(400, 'worker_not_eligible', { worker_id: { code: 'worker_not_eligible' } });

/**
 * The worker's centre, after checking that `workerId` is an active Coordinator of a centre within
 * the caller's scope, and of every centre in `centreIds` (the clients it is given), 400
 * `worker_not_eligible` otherwise. Run it on the write's transaction.
 */
export async function requireWorkerFor(
  db: Executor,
  scope: Scope,
  workerId: number,
  centreIds: Iterable<number>,
): Promise<number> {
  const standing = await findWorkerStanding(db, workerId);
  const centreId = standing?.centreId ?? null;
  if (centreId === null || !reaches(scope, centreId) || !isWorkerOf(standing, centreId)) throw notEligible();
  for (const id of centreIds) if (id !== centreId) throw notEligible();
  return centreId;
}

/**
 * A new client's worker: the one named (checked as above; null for none), or when left out the
 * creating Coordinator when the client is kept in their centre (an Admin's intake: none).
 */
export async function intakeWorker(
  db: Executor,
  actor: Actor,
  scope: Scope,
  centreId: number,
  asked: number | null | undefined,
): Promise<number | null> {
  if (asked === null) return null;
  if (asked !== undefined) {
    await requireWorkerFor(db, scope, asked, [centreId]);
    return asked;
  }
  return actor.roleId === ROLE.coordinator && actor.centreId === centreId ? actor.userId : null;
}
