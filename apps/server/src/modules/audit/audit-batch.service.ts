import { chain, type ChainedEntry } from './audit-chain.service.ts';
import { keyStep, rotationEntry, type WriterKeys } from './audit-rotation.service.ts';
import type { PendingEntry } from './audit-writer.service.ts';

/**
 * A batch of entries made ready to insert: chained after the last stored entry (numbered and
 * hashed, audit-chain.service.ts), then each column written as one PostgreSQL array literal
 * (`{1,"a\"b",NULL}`), which the insert sends as a single text parameter and casts to text[]
 * (audit.repository.ts). Pure, so that it runs in the writer's worker thread
 * (audit-batch.worker.ts), off the thread that answers requests.
 */

/** The last stored entry: where a batch's chain goes on from, and the key that keyed it. */
export interface ChainEnd {
  seq: number;
  hash: string;
  /** Null: unkeyed; undefined: not known to the caller (as null: no rotation is looked for). */
  keyId?: string | null;
}

/** The columns, in the order of `EncodedBatch.columns` and of the insert. */
export const BATCH_COLUMNS = [
  'seq',
  'at',
  'user_id',
  'role_id',
  'action',
  'record_kind',
  'record_id',
  'client_id',
  'address',
  'user_agent',
  'outcome',
  'details',
  'prev_hash',
  'hash',
  'key_id',
] as const;

const VALUE_OF: Record<(typeof BATCH_COLUMNS)[number], (e: ChainedEntry) => string | number | null> = {
  seq: (e) => e.seq,
  at: (e) => e.at,
  user_id: (e) => e.userId,
  role_id: (e) => e.roleId,
  action: (e) => e.action,
  record_kind: (e) => e.recordKind,
  record_id: (e) => e.recordId,
  client_id: (e) => e.clientId,
  address: (e) => e.address,
  user_agent: (e) => e.userAgent,
  outcome: (e) => e.outcome,
  details: (e) => JSON.stringify(e.details),
  prev_hash: (e) => e.prevHash,
  hash: (e) => e.hash,
  key_id: (e) => e.keyId,
};

export interface EncodedBatch {
  count: number;
  /** One array literal per column of BATCH_COLUMNS. */
  columns: string[];
  /** The rotation record the batch begins with, when the chain's last entry was keyed with a previous key. */
  rotation: { seq: number; hash: string } | null;
  /** The key of the chain's last entry, when this writer does not hold it: nothing was encoded. */
  rotatedPast: string | null;
}

/** A batch to encode, as the writer sends it to its worker thread, and the answer. */
export interface BatchJob {
  id: number;
  last: ChainEnd | null;
  entries: PendingEntry[];
}
export type BatchAnswer = { id: number; batch: EncodedBatch } | { id: number; error: string };

/**
 * A column as one array literal, written in one pass: without the intermediate arrays and
 * per-element escaping of the driver's own array encoding (measured: about half the cost).
 */
export function arrayLiteral<T>(items: readonly T[], of: (item: T) => string | number | null): string {
  let literal = '{';
  for (let i = 0; i < items.length; i += 1) {
    const v = of(items[i]!);
    if (i > 0) literal += ',';
    literal += v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, '\\$&')}"`;
  }
  return literal + '}';
}

/**
 * Chains the entries after `last`, hashed with the current key, and writes each column: first a
 * rotation record when `last` was keyed with a previous key; nothing at all when `last` was keyed
 * with a key these keys do not know (the chain rotated past them: audit-rotation.service.ts).
 */
export function encodeBatch(
  last: ChainEnd | null,
  entries: readonly PendingEntry[],
  keys: WriterKeys,
): EncodedBatch {
  const step = keyStep(last?.keyId, keys);
  if (step.kind === 'rotated_past') return { count: 0, columns: [], rotation: null, rotatedPast: step.keyId };
  const rotating = step.kind === 'rotate' && entries.length > 0;
  const all = rotating ? [rotationEntry(step.from, keys.current.id, entries[0]!.at), ...entries] : entries;
  const chained = chain(last, all, keys.current);
  return {
    count: chained.length,
    columns: BATCH_COLUMNS.map((column) => arrayLiteral(chained, VALUE_OF[column])),
    rotation: rotating ? { seq: chained[0]!.seq, hash: chained[0]!.hash } : null,
    rotatedPast: null,
  };
}
