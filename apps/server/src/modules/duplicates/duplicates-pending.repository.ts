import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';

/**
 * The clients `tx` inserts from here on wait in client_duplicate_pending for their pairs, instead
 * of the insert finding them (client_duplicate_pairs_refresh, migration 0041); for this
 * transaction only.
 */
export async function deferPairs(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT set_config('cairn.defer_duplicate_pairs', 'on', true)`);
}

/**
 * Finds and scores the pairs of up to `limit` pending clients, lowest ids first, and takes them
 * off the list, in one statement (so one transaction); clients another process is taking are
 * skipped, not waited for. Answers how many it took.
 */
export async function findPendingPairs(db: Executor, limit: number): Promise<number> {
  const [row] = await selectRows<{ taken: number }>(
    db,
    sql`WITH taken AS (
          DELETE FROM client_duplicate_pending
           WHERE client_id IN (SELECT client_id FROM client_duplicate_pending
                                ORDER BY client_id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING client_id)
        SELECT count(*)::int AS taken, client_duplicate_pairs_find(array_agg(client_id))::text AS found
          FROM taken`,
  );
  return row?.taken ?? 0;
}
