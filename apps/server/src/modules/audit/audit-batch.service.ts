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

/**
 * The columns of a chain link, in the order of `EncodedBatch.links`: what the writer adds to an
 * entry that is already stored (in the inbox) as it moves it into the chain.
 */
export const LINK_COLUMNS = ['seq', 'prev_hash', 'hash', 'key_id'] as const;

/**
 * How a batch is encoded: `rows`, every entry's every column (entries the database does not hold
 * yet: the queue's reads); `links`, only each entry's place in the chain (entries the inbox holds,
 * moved into the chain by one statement without their content travelling back).
 */
export type BatchForm = 'rows' | 'links';

export interface EncodedBatch {
  /** Rows in `columns`. */
  count: number;
  /**
   * One array literal per column of BATCH_COLUMNS: every entry (form `rows`), or only the rotation
   * record the batch begins with (form `links`; empty when there is none).
   */
  columns: string[];
  /** Form `links`: one array literal per column of LINK_COLUMNS, one element per entry given; else null. */
  links: string[] | null;
  /** The rotation record the batch begins with, when the chain's last entry was keyed with a previous key. */
  rotation: { seq: number; hash: string } | null;
  /** The key of the chain's last entry, when this writer does not hold it: nothing was encoded. */
  rotatedPast: string | null;
}

/** A batch to encode, as the writer sends it to its worker thread, and the answer. */
export interface BatchJob {
  id: number;
  last: ChainEnd | null;
  entries: readonly PendingEntry[];
  form: BatchForm;
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
 * Chains the entries after `last`, hashed with the current key, and writes each column (`form`):
 * first a rotation record when `last` was keyed with a previous key; nothing at all when `last`
 * was keyed with a key these keys do not know (the chain rotated past them: audit-rotation.service.ts).
 */
export function encodeBatch(
  last: ChainEnd | null,
  entries: readonly PendingEntry[],
  keys: WriterKeys,
  form: BatchForm = 'rows',
): EncodedBatch {
  const step = keyStep(last?.keyId, keys);
  if (step.kind === 'rotated_past')
    return { count: 0, columns: [], links: null, rotation: null, rotatedPast: step.keyId };
  const rotating = step.kind === 'rotate' && entries.length > 0;
  const all = rotating ? [rotationEntry(step.from, keys.current.id, entries[0]!.at), ...entries] : entries;
  const chained = chain(last, all, keys.current);
  const rows = form === 'rows' ? chained : chained.slice(0, rotating ? 1 : 0);
  const linked = chained.slice(rotating ? 1 : 0);
  return {
    count: rows.length,
    columns: rows.length === 0 ? [] : BATCH_COLUMNS.map((column) => arrayLiteral(rows, VALUE_OF[column])),
    links: form === 'rows' ? null : LINK_COLUMNS.map((column) => arrayLiteral(linked, VALUE_OF[column])),
    rotation: rotating ? { seq: chained[0]!.seq, hash: chained[0]!.hash } : null,
    rotatedPast: null,
  };
}
