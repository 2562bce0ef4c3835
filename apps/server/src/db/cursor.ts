import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Executor } from './database.ts';

/** Rows a cursor hands over at a time: enough to amortise the round trip, few enough to stay small. */
export const CURSOR_BATCH = 2000;

/** A statement's rows in batches, in order; the next batch is asked for before one is handed over. */
export interface CursorRead<T> extends AsyncIterable<T[]> {
  /** Settles once the last row has been fetched and the cursor closed, or the read failed. */
  readonly fetched: Promise<void>;
}

export interface ReadOptions {
  /** Rows per batch. */
  size?: number;
  /** Starts the statement once this has settled (a read before it on the same transaction). */
  after?: Promise<unknown>;
  /** Whether the transaction's work is still going on; once not, no statement is sent. */
  isOpen?: () => boolean;
}

/**
 * Reads a statement's rows through a server-side cursor, `size` at a time, on `tx`, which must be a
 * transaction (a cursor lives as long as its transaction). The statement starts once `after` has
 * settled (another read on the same transaction), and its first batch is fetched at once, before
 * anyone iterates: a sheet's statement can run while the sheet before it is written. Memory holds
 * two batches however many rows there are.
 */
export function readCursor<T>(
  tx: Executor,
  query: SQL,
  { size = CURSOR_BATCH, after = Promise.resolve(), isOpen = () => true }: ReadOptions = {},
): CursorRead<T> {
  const name = sql.raw(`cursor_${crypto.randomBytes(6).toString('hex')}`);
  // Nothing is sent once the transaction's work has ended: its connection may be another's by then.
  const run = (statement: SQL) =>
    isOpen() ? tx.execute(statement) : Promise.reject(new Error('the transaction has ended'));
  const declared = after.then(() => run(sql`DECLARE ${name} NO SCROLL CURSOR FOR ${query}`));
  const fetch = () => {
    const rows = declared
      .then(() => run(sql`FETCH ${sql.raw(String(size))} FROM ${name}`))
      .then((result) => (result as unknown as { rows: T[] }).rows);
    // Awaited when iterated; if the caller fails first, the transaction's failure is the one reported.
    rows.catch(() => {});
    return rows;
  };
  let settle!: () => void;
  const fetched = new Promise<void>((resolve) => (settle = resolve));
  let next: Promise<T[]> | null = fetch();
  // A failed statement ends its read: the next one in turn may start (and fail with the transaction).
  next.catch(settle);
  return {
    fetched,
    async *[Symbol.asyncIterator]() {
      try {
        while (next) {
          const rows: T[] = await next;
          if (rows.length < size) {
            next = null;
            await run(sql`CLOSE ${name}`);
            settle();
          } else {
            // The next batch is asked for before this one is handed over: the database reads while
            // the caller writes (measured on the ministry file: a third of its time was waiting).
            next = fetch();
          }
          if (rows.length > 0) yield rows;
        }
      } finally {
        settle();
      }
    },
  };
}

/** Hands each batch of a statement's rows to `onBatch` while the next is fetched (readCursor). */
export async function forEachBatch<T>(
  tx: Executor,
  query: SQL,
  onBatch: (rows: T[]) => Promise<void> | void,
  size = CURSOR_BATCH,
): Promise<void> {
  for await (const rows of readCursor<T>(tx, query, { size })) await onBatch(rows);
}

/** One snapshot of the database, read through one or two transactions (inSharedSnapshot). */
export interface Snapshot {
  /** The first transaction: statements that are not read through readInTurn. */
  tx: Executor;
  /**
   * Reads statements in order through cursors, statement i on transaction i % 2 when there are
   * two, each starting as soon as the one before it on its transaction has been fetched to the
   * end: the next sheet's statement runs, and its first batch waits, while this sheet is
   * written. With one transaction they run one after another.
   */
  readInTurn<T>(queries: readonly SQL[]): Array<CursorRead<T>>;
}

function snapshotOf(txs: readonly Executor[], isOpen: () => boolean): Snapshot {
  return {
    tx: txs[0]!,
    readInTurn<T>(queries: readonly SQL[]) {
      const last: Array<Promise<unknown>> = txs.map(() => Promise.resolve());
      return queries.map((query, i) => {
        const lane = i % txs.length;
        const read = readCursor<T>(txs[lane]!, query, { after: last[lane], isOpen });
        last[lane] = read.fetched;
        return read;
      });
    },
  };
}

const READ_ONLY_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * Runs `read` in one read-only transaction that sees one snapshot of the database throughout
 * (REPEATABLE READ), so every sheet of a file agrees with the others.
 */
export function inSnapshot<T>(db: Db, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(read, READ_ONLY_SNAPSHOT);
}

/** Second connections held at once, process-wide, by inSharedSnapshot. */
const SECOND_CONNECTIONS_MAX = 2;
let secondConnections = 0;

/**
 * Like inSnapshot, but on PostgreSQL with a second read-only transaction on a connection of its
 * own that imports the first one's snapshot (pg_export_snapshot, SET TRANSACTION SNAPSHOT): two
 * statements of the same snapshot can run at once. The second connection is taken only when the
 * pool has one free now, and by at most SECOND_CONNECTIONS_MAX reads at a time, so reads never
 * wait on each other for connections; otherwise, and on PGlite (one connection), `read` gets
 * the one transaction.
 */
export function inSharedSnapshot<T>(db: Db, read: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  return inSnapshot(db, async (tx) => {
    let open = true;
    const isOpen = () => open;
    const pool = (db as { $client?: unknown }).$client;
    const free =
      pool instanceof pg.Pool &&
      (pool.idleCount > 0 || pool.totalCount < pool.options.max) &&
      secondConnections < SECOND_CONNECTIONS_MAX;
    if (!free) {
      try {
        return await read(snapshotOf([tx], isOpen));
      } finally {
        open = false;
      }
    }
    secondConnections++;
    try {
      const { rows } = (await tx.execute(sql`SELECT pg_export_snapshot() AS id`)) as unknown as {
        rows: Array<{ id: string }>;
      };
      const id = rows[0]!.id;
      // An identifier such as 00000003-0000001B-1; SET TRANSACTION SNAPSHOT takes no parameter.
      if (!/^[0-9A-F-]+$/i.test(id)) throw new Error('unexpected snapshot identifier');
      return await db.transaction(async (second) => {
        await second.execute(sql.raw(`SET TRANSACTION SNAPSHOT '${id}'`));
        try {
          return await read(snapshotOf([tx, second], isOpen));
        } finally {
          open = false;
        }
      }, READ_ONLY_SNAPSHOT);
    } finally {
      open = false;
      secondConnections--;
    }
  });
}
