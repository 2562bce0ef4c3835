import { ROLE } from '@cairn/shared/roles';
import type { Worker } from '@cairn/shared/caseloads.schemas';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import type { Scope } from '../access/access.policy.ts';
import { withinScope } from '../access/access.repository.ts';

/** A client's worker change: the client, and its worker before and after. */
export interface WorkerChange {
  clientId: number;
  before: number | null;
  after: number | null;
}

/** An id list as one SQL array value (a single parameter, whatever the count). */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Locks the clients `ids` (those that exist) in id order until the transaction ends, so that two
 * reassignments over the same clients queue instead of deadlocking, and none moves to another
 * centre between the access check and the write.
 */
export async function lockClients(db: Executor, ids: readonly number[]): Promise<void> {
  await selectRows(
    db,
    sql`SELECT c.client_id FROM clients c WHERE c.client_id = ANY (${idArray(ids)})
         ORDER BY c.client_id FOR UPDATE`,
  );
}

/** The clients of worker `workerId` within the scope, with their centres, locked in id order. */
export async function lockWorkerClients(
  db: Executor,
  scope: Scope,
  workerId: number,
): Promise<Array<{ id: number; centreId: number }>> {
  const rows = await selectRows<{ client_id: number; centre_id: number }>(
    db,
    sql`SELECT c.client_id, c.centre_id FROM clients c
         WHERE c.worker_id = ${workerId} AND ${withinScope(scope, sql`c.centre_id`)}
         ORDER BY c.client_id FOR UPDATE`,
  );
  return rows.map((r) => ({ id: r.client_id, centreId: r.centre_id }));
}

/**
 * Gives the clients `ids` the worker `workerId` (null: none) in one statement, and answers those
 * whose worker changed, with their worker before.
 */
export async function assignWorker(
  db: Executor,
  ids: readonly number[],
  workerId: number | null,
): Promise<WorkerChange[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows<{ client_id: number; before: number | null }>(
    db,
    sql`UPDATE clients c SET worker_id = ${workerId}::int
          FROM clients old
         WHERE old.client_id = c.client_id AND c.client_id = ANY (${idArray(ids)})
           AND c.worker_id IS DISTINCT FROM ${workerId}::int
     RETURNING c.client_id, old.worker_id AS before`,
  );
  return rows.map((r) => ({ clientId: r.client_id, before: r.before, after: workerId }));
}

/**
 * Leaves unassigned every client of `userId` that the user may no longer have: all of them once
 * the user is deleted or deactivated, is no Coordinator, or is of another centre than the
 * client's. Answers the clients whose worker was cleared.
 */
export async function unassignIneligible(db: Executor, userId: number): Promise<WorkerChange[]> {
  const rows = await selectRows<{ client_id: number }>(
    db,
    sql`UPDATE clients c SET worker_id = NULL
         WHERE c.worker_id = ${userId}
           AND NOT EXISTS (SELECT 1 FROM users u
                            WHERE u.user_id = ${userId} AND u.deleted_at IS NULL AND u.active
                              AND u.role_id = ${ROLE.coordinator} AND u.centre_id = c.centre_id)
     RETURNING c.client_id`,
  );
  return rows.map((r) => ({ clientId: r.client_id, before: userId, after: null }));
}

/** The active Coordinators of a centre, by name: the workers its clients may be given. */
export function listWorkers(db: Executor, centreId: number): Promise<Worker[]> {
  return selectRows<Worker>(
    db,
    sql`SELECT u.user_id, u.first_name || ' ' || u.last_name AS full_name FROM users u
         WHERE u.centre_id = ${centreId} AND u.role_id = ${ROLE.coordinator}
           AND u.active AND u.deleted_at IS NULL
         ORDER BY lower(u.first_name || ' ' || u.last_name), u.user_id`,
  );
}
