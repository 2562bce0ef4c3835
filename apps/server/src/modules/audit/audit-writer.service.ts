import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.ts';
import type { ChainContent, ChainKey } from './audit-chain.service.ts';
import { createBatchEncoder, type EncodeBatch } from './audit-encoder.service.ts';
import * as repo from './audit.repository.ts';

/** An entry waiting in the process's queue: everything but its place in the chain. */
export type PendingEntry = Omit<ChainContent, 'seq'>;

/** At most this many entries per INSERT transaction. */
const BATCH = 2000;

/** The first day (UTC) of the month of an ISO moment: its partition. */
const monthOf = (at: string) => `${at.slice(0, 7)}-01`;

/** Numbers, hashes (`encode`) and inserts entries after the last stored one; the chain locked. */
async function chainOn(tx: Executor, entries: readonly PendingEntry[], encode: EncodeBatch): Promise<void> {
  await repo.ensurePartitions(tx, [...new Set(entries.map((e) => monthOf(e.at)))]);
  await repo.insertEntries(tx, await encode(await repo.lastEntry(tx), entries));
}

/**
 * Appends entries to the chain in one transaction: under the chain's advisory lock (another
 * process writing waits), read the last stored entry, number and hash the batch after it
 * (`encode`, which holds the chain's key: the writer's worker thread, or encoderOnThread), and
 * insert it, creating the months' partitions first when missing (audit_partition_for, as the
 * table's owner). `db` may be a transaction: the entries are then written within it.
 */
export async function appendEntries(
  db: Executor,
  entries: readonly PendingEntry[],
  encode: EncodeBatch,
): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction(async (tx) => {
    await repo.lockChain(tx);
    await chainOn(tx, entries, encode);
  });
}

/**
 * A change's entry, written by the change's own transaction `tx` (auditedTransaction) into the
 * inbox: committed with the change or not at all, without waiting for the chain's lock. The entry
 * of a client's record that has no name of its own takes its client's (`nameOfClient`).
 */
export function recordInTransaction(
  tx: Executor,
  entry: PendingEntry,
  nameOfClient: number | null = null,
): Promise<void> {
  return repo.insertInbox(tx, entry, nameOfClient);
}

/**
 * Moves the inbox's committed entries into the chain, oldest first, `BATCH` per transaction, each
 * deleted from the inbox in the transaction that chains it (whichever process's writer gets the
 * chain's lock first). Answers how many moved.
 */
export async function moveInbox(db: Db, encode: EncodeBatch): Promise<number> {
  let moved = 0;
  while (await repo.inboxWaiting(db)) {
    const taken = await db.transaction(async (tx) => {
      await repo.lockChain(tx);
      const entries = await repo.takeInbox(tx, BATCH);
      if (entries.length > 0) await chainOn(tx, entries, encode);
      return entries.length;
    });
    moved += taken;
    if (taken < BATCH) break;
  }
  return moved;
}

export interface AuditWriter {
  enqueue(entry: PendingEntry): void;
  /** Entries queued and not written yet. */
  readonly backlog: number;
  /** Writes everything queued so far (and waits for a write under way). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left: the app's onClose. */
  close(): Promise<void>;
  /** Whether the last turn failed to move the inbox or write the queue (readiness). */
  readonly failing: boolean;
}

/** Told of each turn of the writer: how long it took, and whether it failed (the metrics). */
export type WriteObserver = (seconds: number, failed: boolean) => void;

/**
 * The batched writer: entries queue in the process and are written at least every `intervalMs`
 * (one second), and on close, each batch chained with the chain's key and encoded in a worker
 * thread (audit-encoder.service.ts); each turn first moves the inbox's entries (changes') into the
 * chain. A process killed outright loses the queue since its last turn began (a second or two),
 * which holds no change's entry. A failed write keeps its entries at the head of the queue for the
 * next turn.
 */
export function createAuditWriter(
  db: Db,
  key: ChainKey,
  log: FastifyBaseLogger,
  intervalMs = 1000,
  observe: WriteObserver = () => {},
): AuditWriter {
  const encoder = createBatchEncoder(key);
  let queue: PendingEntry[] = [];
  // Entries ever queued, and ever written (taken off the queue's head).
  let queued = 0;
  let written = 0;
  let running: Promise<void> = Promise.resolve();

  // Writes up to the `upTo`th entry ever queued, not those queued while it writes: they wait for
  // the next turn, so a busy server writes one batch a second instead of a batch after every write
  // (measured: 36 small transactions a second under load, and half again the CPU per request).
  let failing = false;
  async function writeUpTo(upTo: number): Promise<void> {
    const started = performance.now();
    failing = !(await writeTurn(upTo));
    observe((performance.now() - started) / 1000, failing);
  }

  /** One turn; answers whether it wrote everything it was asked to. */
  async function writeTurn(upTo: number): Promise<boolean> {
    let ok = true;
    // First the changes' entries, committed with their changes (recordInTransaction).
    try {
      await moveInbox(db, encoder.encode);
    } catch (err) {
      ok = false;
      log.error({ err }, 'audit inbox not moved yet');
    }
    while (written < upTo) {
      const batch = queue.slice(0, Math.min(BATCH, upTo - written));
      try {
        await appendEntries(db, batch, encoder.encode);
        queue = queue.slice(batch.length);
        written += batch.length;
      } catch (err) {
        log.error({ err }, 'audit entries not written yet');
        return false;
      }
    }
    return ok;
  }

  /** Writes what is queued at this call, after the write under way. */
  function flush(): Promise<void> {
    const upTo = queued;
    running = running.then(() => writeUpTo(upTo));
    return running;
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    enqueue(entry) {
      queue.push(entry);
      queued += 1;
    },
    get backlog() {
      return queue.length;
    },
    get failing() {
      return failing;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      await encoder.close();
    },
  };
}
