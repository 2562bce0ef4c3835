import type { ClientMergeMoves } from '@cairn/shared/client-merge.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';

/** A client's stored row by column name (`to_jsonb`): the SIN only as its stored columns. */
export type StoredClientRow = Record<string, unknown> & { client_id: number; centre_id: number };

/**
 * Locks a client's row until the transaction ends and answers it as stored; undefined when there
 * is no such client (any more). A merge locks its two clients one after the other in id order,
 * so two merges of the same pair, either way round, queue instead of deadlocking.
 */
export async function lockStoredClient(db: Executor, clientId: number): Promise<StoredClientRow | undefined> {
  const [row] = await selectRows<{ row: StoredClientRow }>(
    db,
    sql`SELECT to_jsonb(c) AS row FROM clients c WHERE c.client_id = ${clientId} FOR UPDATE`,
  );
  return row?.row;
}

/** How many of the two clients have an open plan (at most one each: plans_one_open_uq). */
export async function countOpenPlans(db: Executor, ids: readonly [number, number]): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT client_id)::int AS n FROM plans
         WHERE client_id IN (${ids[0]}, ${ids[1]}) AND status = 'Open'`,
  );
  return row?.n ?? 0;
}

/** The other client's group memberships the kept client can take: groups of `centreId` it is not in. */
const movableMemberships = (otherId: number, keptId: number, centreId: number): SQL => sql`
  FROM group_clients gc JOIN groups g ON g.group_id = gc.group_id
   WHERE gc.client_id = ${otherId} AND g.centre_id = ${centreId}
     AND NOT EXISTS (SELECT 1 FROM group_clients k WHERE k.group_id = gc.group_id AND k.client_id = ${keptId})`;

/** What a merge of `otherId` into `keptId` (kept in `centreId`) would move, counted. */
export async function countMoves(
  db: Executor,
  otherId: number,
  keptId: number,
  centreId: number,
): Promise<ClientMergeMoves> {
  const [row] = await selectRows<ClientMergeMoves>(
    db,
    sql`SELECT (SELECT count(*)::int FROM plans WHERE client_id = ${otherId}) AS plans,
               (SELECT count(*)::int FROM client_interactions WHERE client_id = ${otherId}) AS interactions,
               (SELECT count(*)::int FROM stories WHERE client_id = ${otherId}) AS stories,
               (SELECT count(*)::int FROM attachments WHERE client_id = ${otherId} AND complete) AS attachments,
               (SELECT count(*)::int ${movableMemberships(otherId, keptId, centreId)}) AS memberships`,
  );
  return row!;
}

/**
 * Moves every record of the other client to the kept one in one statement (the report tables
 * follow through their triggers, which handle a changed client_id), and the group memberships of
 * the kept client's centre it does not hold yet; the other's remaining memberships go with its
 * row. Answers what moved.
 */
export async function moveRecords(
  db: Executor,
  otherId: number,
  keptId: number,
  centreId: number,
): Promise<ClientMergeMoves> {
  const [row] = await selectRows<ClientMergeMoves>(
    db,
    sql`WITH p AS (UPDATE plans SET client_id = ${keptId} WHERE client_id = ${otherId} RETURNING 1),
             i AS (UPDATE client_interactions SET client_id = ${keptId} WHERE client_id = ${otherId} RETURNING 1),
             s AS (UPDATE stories SET client_id = ${keptId} WHERE client_id = ${otherId} RETURNING 1),
             a AS (UPDATE attachments SET client_id = ${keptId} WHERE client_id = ${otherId} RETURNING complete),
             g AS (INSERT INTO group_clients (group_id, client_id)
                   SELECT gc.group_id, ${keptId}::int ${movableMemberships(otherId, keptId, centreId)}
                   ON CONFLICT DO NOTHING RETURNING 1)
        SELECT (SELECT count(*)::int FROM p) AS plans, (SELECT count(*)::int FROM i) AS interactions,
               (SELECT count(*)::int FROM s) AS stories,
               (SELECT count(*)::int FROM a WHERE complete) AS attachments,
               (SELECT count(*)::int FROM g) AS memberships`,
  );
  return row!;
}

/**
 * Removes the other client and leaves its redirect; redirects to it now lead to the kept client,
 * so every redirect names a live client and the kept client's history reaches every merged one.
 */
export async function replaceByKept(
  db: Executor,
  otherId: number,
  keptId: number,
  userId: number,
): Promise<void> {
  await db.execute(sql`UPDATE client_merges SET kept_id = ${keptId} WHERE kept_id = ${otherId}`);
  await db.execute(sql`DELETE FROM clients WHERE client_id = ${otherId}`);
  await db.execute(
    sql`INSERT INTO client_merges (other_id, kept_id, merged_by) VALUES (${otherId}, ${keptId}, ${userId})`,
  );
}
