import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from './database.ts';

/** Rows a cursor hands over at a time: enough to amortise the round trip, few enough to stay small. */
export const CURSOR_BATCH = 2000;

/**
 * Reads a statement's rows through a server-side cursor, `size` at a time, handing each batch to
 * `onBatch` while the next is fetched: memory holds two batches however many rows there are. Runs
 * on `tx`, which must be a transaction (a cursor lives as long as its transaction).
 */
export async function forEachBatch<T>(
  tx: Executor,
  query: SQL,
  onBatch: (rows: T[]) => Promise<void> | void,
  size = CURSOR_BATCH,
): Promise<void> {
  const name = sql.raw(`cursor_${crypto.randomBytes(6).toString('hex')}`);
  await tx.execute(sql`DECLARE ${name} NO SCROLL CURSOR FOR ${query}`);
  const fetch = () => {
    const rows = tx
      .execute(sql`FETCH ${sql.raw(String(size))} FROM ${name}`)
      .then((result) => (result as unknown as { rows: T[] }).rows);
    // Awaited below; if `onBatch` fails first, the transaction's failure is the one reported.
    rows.catch(() => {});
    return rows;
  };
  // The next batch is asked for before this one is handed over: the database reads while the
  // caller writes (measured on the ministry file: a third of its time was waiting for rows).
  let next: Promise<T[]> | null = fetch();
  while (next) {
    const rows: T[] = await next;
    next = rows.length < size ? null : fetch();
    if (rows.length > 0) await onBatch(rows);
  }
  await tx.execute(sql`CLOSE ${name}`);
}

/**
 * Runs `read` in one read-only transaction that sees one snapshot of the database throughout
 * (REPEATABLE READ), so every sheet of a file agrees with the others.
 */
export function inSnapshot<T>(db: Db, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
