import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.ts';
import type { ChainEnd, EncodedBatch } from './audit-batch.service.ts';
import type { ChainContent } from './audit-chain.service.ts';
import { createBatchEncoder, type EncodeBatch } from './audit-encoder.service.ts';
import type { WriterKeys } from './audit-rotation.service.ts';
import * as repo from './audit.repository.ts';

/** An entry waiting in the process's queue: everything but its place in the chain. */
export type PendingEntry = Omit<ChainContent, 'seq'>;

/** At most this many entries per INSERT transaction. */
const BATCH = 2000;

/** The first day (UTC) of the month of an ISO moment: its partition. */
const monthOf = (at: string) => `${at.slice(0, 7)}-01`;

/**
 * Numbers, hashes (`encode`) and inserts entries after the last stored one; the chain locked.
 * Nothing is inserted when the chain was rotated past the encoder's key (`rotatedPast`).
 */
async function chainOn(
  tx: Executor,
  entries: readonly PendingEntry[],
  encode: EncodeBatch,
): Promise<EncodedBatch> {
  await repo.ensurePartitions(tx, [...new Set(entries.map((e) => monthOf(e.at)))]);
  const batch = await encode(await repo.lastEntry(tx), entries);
  if (batch.rotatedPast === null) await repo.insertEntries(tx, batch);
  return batch;
}

/** What an append did besides chaining: the rotation record it began with, or the newer key it left entries for. */
export interface AppendOutcome {
  rotation: ChainEnd | null;
  rotatedPast: string | null;
}

/** Thrown inside a transaction to leave the inbox as it was: the chain is keyed with a newer key. */
class RotatedPast extends Error {
  constructor(readonly keyId: string) {
    super(`the audit chain is keyed with ${keyId}, which this writer does not hold`);
  }
}

/**
 * Appends entries to the chain in one transaction: under the chain's advisory lock (another
 * process writing waits), read the last stored entry, number and hash the batch after it
 * (`encode`, which holds the chain's keys: the writer's worker thread, or encoderOnThread), and
 * insert it, creating the months' partitions first when missing (audit_partition_for, as the
 * table's owner). `db` may be a transaction: the entries are then written within it. When the
 * chain was rotated past the encoder's key, the entries go into the inbox instead, for a writer
 * holding the newer key (audit-rotation.service.ts): nothing lost, nothing keyed with an old key.
 */
export async function appendEntries(
  db: Executor,
  entries: readonly PendingEntry[],
  encode: EncodeBatch,
): Promise<AppendOutcome> {
  if (entries.length === 0) return { rotation: null, rotatedPast: null };
  return db.transaction(async (tx) => {
    await repo.lockChain(tx);
    const { rotation, rotatedPast } = await chainOn(tx, entries, encode);
    if (rotatedPast !== null) for (const e of entries) await repo.insertInbox(tx, e);
    return { rotation, rotatedPast };
  });
}

/**
 * The statement that writes a change's entry into the inbox, which the change's own transaction
 * ends with (auditedTransaction, sent with its COMMIT): committed with the change or not at all,
 * without waiting for the chain's lock.
 */
export const changeEntryStatement = (entry: PendingEntry) => repo.inboxInsert(entry);

/** A change's entry written by `tx` into the inbox as a statement of its own (changeEntryStatement). */
export function recordInTransaction(tx: Executor, entry: PendingEntry): Promise<void> {
  return repo.insertInbox(tx, entry);
}

/**
 * Moves the inbox's committed entries into the chain, oldest first, `BATCH` per transaction, each
 * deleted from the inbox in the transaction that chains it (whichever process's writer gets the
 * chain's lock first). Answers how many moved, the rotation record written if one was, and the
 * newer key the chain is keyed with if this writer does not hold it (the inbox then left as it was).
 */
export async function moveInbox(db: Db, encode: EncodeBatch): Promise<AppendOutcome & { moved: number }> {
  let moved = 0;
  let rotation: ChainEnd | null = null;
  try {
    while (await repo.inboxWaiting(db)) {
      const taken = await db.transaction(async (tx) => {
        await repo.lockChain(tx);
        const entries = await repo.takeInbox(tx, BATCH);
        if (entries.length === 0) return 0;
        const batch = await chainOn(tx, entries, encode);
        if (batch.rotatedPast !== null) throw new RotatedPast(batch.rotatedPast);
        rotation ??= batch.rotation;
        return entries.length;
      });
      moved += taken;
      if (taken < BATCH) break;
    }
  } catch (err) {
    if (err instanceof RotatedPast) return { moved, rotation, rotatedPast: err.keyId };
    throw err;
  }
  return { moved, rotation, rotatedPast: null };
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

/** Told of a rotation record the writer wrote (its seq and hash): the checkpoint taken at it. */
export type RotationObserver = (at: ChainEnd) => void;

/**
 * The batched writer: entries queue in the process and are written at least every `intervalMs`
 * (one second), and on close, each batch chained with the chain's key and encoded in a worker
 * thread (audit-encoder.service.ts); each turn first moves the inbox's entries (changes') into the
 * chain. A process killed outright loses the queue since its last turn began (a second or two),
 * which holds no change's entry. A failed write keeps its entries at the head of the queue for the
 * next turn. When the chain's last entry was keyed with a previous key, the writer's first batch
 * begins with a rotation record (`rotated` is told of it, after its commit); when the chain is
 * keyed with a key the writer does not hold (rotated past it: a process not restarted with the new
 * key yet), the writer leaves every entry in the inbox for a writer holding that key, and logs it.
 */
export function createAuditWriter(
  db: Db,
  keys: WriterKeys,
  log: FastifyBaseLogger,
  intervalMs = 1000,
  observe: WriteObserver = () => {},
  rotated: RotationObserver = () => {},
): AuditWriter {
  const encoder = createBatchEncoder(keys);
  /** The newer key last found keying the chain, so that it is logged once, not every second. */
  let pastKey: string | null = null;
  function outcome(o: AppendOutcome, handedOver: number) {
    if (o.rotation) {
      log.info(
        { seq: o.rotation.seq, key: keys.current.id },
        'audit chain key rotated: a rotation record begins the entries keyed with the new key',
      );
      rotated(o.rotation);
    }
    if (o.rotatedPast !== null && (o.rotatedPast !== pastKey || handedOver > 0)) {
      log.warn(
        { chainKey: o.rotatedPast, ownKey: keys.current.id, handedOver },
        'the audit chain is keyed with a key this process does not hold (rotated past its AUDIT_CHAIN_KEY): ' +
          'its entries are left in the inbox for a process with the new key; restart this one with it',
      );
    }
    pastKey = o.rotatedPast;
  }
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
      outcome(await moveInbox(db, encoder.encode), 0);
    } catch (err) {
      ok = false;
      log.error({ err }, 'audit inbox not moved yet');
    }
    while (written < upTo) {
      const batch = queue.slice(0, Math.min(BATCH, upTo - written));
      try {
        const appended = await appendEntries(db, batch, encoder.encode);
        outcome(appended, appended.rotatedPast === null ? 0 : batch.length);
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
