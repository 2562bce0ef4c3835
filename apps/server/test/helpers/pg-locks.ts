import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../src/db/database.ts';

/**
 * Waits until a statement of this test's database is blocked by another session's lock (PostgreSQL's
 * `pg_blocking_pids`), so a concurrency test proves its second writer really waited on the first.
 * Fails after `timeoutMs` when none is: the writers did not block each other.
 */
export async function waitForBlockedWriter(db: Executor, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await selectRows<{ blocked: number }>(
      db,
      sql`SELECT count(*)::int AS blocked FROM pg_stat_activity
           WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0`,
    );
    if (row!.blocked > 0) return;
    if (Date.now() > deadline) {
      throw new Error(`no statement waited on a lock within ${timeoutMs} ms: the writers did not block`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
