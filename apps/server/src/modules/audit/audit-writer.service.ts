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

/**
 * Appends entries to the chain in one transaction: under the chain's advisory lock (another
 * process writing waits), read the last stored entry, number and hash the batch after it
 * (`encode`, which holds the chain's key: the writer's worker thread, or encoderOnThread), and
 * insert it, creating the months' partitions first when missing (audit_partition_for, as the
 * table's owner). `db` may be a transaction: the entries are then written within it.
 */
export async function appendInTransaction(
  tx: Executor,
  entries: readonly PendingEntry[],
  encode: EncodeBatch,
): Promise<void> {
  if (entries.length === 0) return;
  await repo.lockChain(tx);
  await repo.ensurePartitions(tx, [...new Set(entries.map((e) => monthOf(e.at)))]);
  await repo.insertEntries(tx, await encode(await repo.lastEntry(tx), entries));
}

/** Appends entries in a transaction of their own (the batched writer, retention, tools). */
export async function appendEntries(
  db: Executor,
  entries: readonly PendingEntry[],
  encode: EncodeBatch,
): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction((tx) => appendInTransaction(tx, entries, encode));
}

export interface AuditWriter {
  enqueue(entry: PendingEntry): void;
  /** Entries queued and not written yet. */
  readonly backlog: number;
  /** Writes everything queued so far (and waits for a write under way). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left: the app's onClose. */
  close(): Promise<void>;
}

/**
 * The batched writer: entries queue in the process and are written at least every `intervalMs`
 * (one second), and on close, each batch chained with the chain's key and encoded in a worker
 * thread (audit-encoder.service.ts). A process killed outright loses at most that last second's
 * queue. A failed write keeps its entries at the head of the queue for the next turn.
 */
export function createAuditWriter(
  db: Db,
  key: ChainKey,
  log: FastifyBaseLogger,
  intervalMs = 1000,
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
  async function writeUpTo(upTo: number): Promise<void> {
    while (written < upTo) {
      const batch = queue.slice(0, Math.min(BATCH, upTo - written));
      try {
        await appendEntries(db, batch, encoder.encode);
        queue = queue.slice(batch.length);
        written += batch.length;
      } catch (err) {
        log.error({ err }, 'audit entries not written yet');
        return;
      }
    }
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
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      await encoder.close();
    },
  };
}
