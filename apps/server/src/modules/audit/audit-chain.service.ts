import { createHmac, createSecretKey, hash, type KeyObject } from 'node:crypto';
import { isRotationFrom } from './audit-rotation.service.ts';

/**
 * The hash chain of the audit trail: each entry's hash is an HMAC-SHA-256, keyed with
 * AUDIT_CHAIN_KEY, over the previous entry's hash and the entry's canonical content, so an edited,
 * removed or inserted row breaks the chain from there on, and no one without the key can compute
 * it again. The entries written before the chain was keyed (issue 27) are plain SHA-256 over the
 * same text, and name no key. The first entry follows GENESIS, or, after retention dropped the
 * oldest months, the anchor recorded in the drop's own entry.
 */
export const GENESIS = '0'.repeat(64);

/**
 * The chain's key, as the writer and the verifier hold it: `id` its fingerprint, stored with each
 * entry it keyed (an HMAC of a fixed text, which does not reveal the key); `chain` and
 * `checkpoint` the keys derived from it for the entries and for the checkpoints
 * (audit-checkpoint.service.ts). Plain strings, so that it travels to the worker thread.
 */
export interface ChainKey {
  id: string;
  chain: string;
  checkpoint: string;
}

const derive = (secret: string, use: string) => createHmac('sha256', secret).update(use).digest('hex');

/** The keys derived from AUDIT_CHAIN_KEY. */
export function chainKeyOf(secret: string): ChainKey {
  return {
    id: derive(secret, 'cairn audit key id').slice(0, 16),
    chain: derive(secret, 'cairn audit chain'),
    checkpoint: derive(secret, 'cairn audit checkpoint'),
  };
}

/** An entry's content, as hashed (and as stored). */
export interface ChainContent {
  seq: number;
  /** ISO 8601 in UTC with milliseconds (as `Date.prototype.toISOString` writes it). */
  at: string;
  userId: number | null;
  roleId: number | null;
  action: string;
  recordKind: string | null;
  recordId: number | null;
  clientId: number | null;
  address: string | null;
  userAgent: string | null;
  outcome: string;
  details: Record<string, unknown>;
}

export interface ChainedEntry extends ChainContent {
  prevHash: string;
  hash: string;
  /** The fingerprint of the key that made `hash`; null for a plain SHA-256 entry. */
  keyId: string | null;
}

/** JSON with object keys sorted at every depth: the same value always writes the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A scalar as canonicalJson writes it. */
const scalar = (value: string | number | null) => JSON.stringify(value ?? null);

/**
 * The text hashed: the previous hash and the entry's content as the canonical JSON array `[seq,
 * at, userId, roleId, action, recordKind, recordId, clientId, address, userAgent, outcome,
 * details]`, written here field by field (the same text canonicalJson writes for that array, at a
 * fraction of its cost: the writer hashes thousands of entries a second).
 */
function hashedText(prevHash: string, e: ChainContent): string {
  const content =
    `[${scalar(e.seq)},${scalar(e.at)},${scalar(e.userId)},${scalar(e.roleId)},${scalar(e.action)},` +
    `${scalar(e.recordKind)},${scalar(e.recordId)},${scalar(e.clientId)},${scalar(e.address)},` +
    `${scalar(e.userAgent)},${scalar(e.outcome)},${canonicalJson(e.details)}]`;
  return `${prevHash}\n${content}`;
}

/** An entry's hash: HMAC-SHA-256 with the chain's key, or plain SHA-256 (the entries written before). */
export type EntryHasher = (prevHash: string, e: ChainContent) => string;

/** The plain SHA-256 of the entries written before the chain was keyed (verified, never written). */
export const hashEntry: EntryHasher = (prevHash, e) => hash('sha256', hashedText(prevHash, e), 'hex');

/** The keyed hash: one KeyObject for every entry it hashes. */
export function keyedHasher(key: ChainKey): EntryHasher {
  const secret: KeyObject = createSecretKey(Buffer.from(key.chain, 'hex'));
  return (prevHash, e) => createHmac('sha256', secret).update(hashedText(prevHash, e)).digest('hex');
}

/**
 * Chains new entries after the last stored one (`seq` and hash), numbering them on, each hashed
 * with `key` (null: plain SHA-256, as entries were before the chain was keyed: for its tests).
 */
export function chain(
  last: { seq: number; hash: string } | null,
  entries: ReadonlyArray<Omit<ChainContent, 'seq'>>,
  key: ChainKey | null = null,
): ChainedEntry[] {
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS;
  const hashOf = key ? keyedHasher(key) : hashEntry;
  const keyId = key?.id ?? null;
  return entries.map((e) => {
    seq += 1;
    // One object literal per entry, not a spread (the writer chains thousands a second).
    const chained: ChainedEntry = {
      seq,
      at: e.at,
      userId: e.userId,
      roleId: e.roleId,
      action: e.action,
      recordKind: e.recordKind,
      recordId: e.recordId,
      clientId: e.clientId,
      address: e.address,
      userAgent: e.userAgent,
      outcome: e.outcome,
      details: e.details,
      prevHash,
      hash: '',
      keyId,
    };
    chained.hash = hashOf(prevHash, chained);
    prevHash = chained.hash;
    return chained;
  });
}

/**
 * The first entry that breaks the chain, and why; null when the chain holds. `keyId`: the key an
 * entry names that the verifier does not hold (`unknown_key`), or a key rotated out (`rotated_out`).
 */
export interface ChainBreak {
  seq: number;
  reason:
    'anchor' | 'gap' | 'previous_hash' | 'content' | 'unkeyed' | 'unknown_key' | 'rotated_out' | 'key_change';
  keyId?: string;
}

/**
 * What the verifier knows of the keys: the chain's keys it holds (current and previous, none when
 * it was given none), and the last entry written before the chain was keyed
 * (`audit_policy.unkeyed_until`, which only the table's owner can change): an unkeyed entry after
 * it, or after a keyed one, is refused.
 */
export interface ChainKeys {
  keys: readonly ChainKey[];
  unkeyedUntil: number;
}

/** A key seen keying the chain, and the first entry it keyed. */
export interface KeyStart {
  keyId: string;
  from: number;
}

/**
 * A run of consecutive entries a retention drop removed: `from` to `to` (`from` is null in the
 * drops recorded before runs were, which gave only their last entry), and the hash of its last
 * entry, which the entry after it follows. A month's entries are one run, unless an entry of the
 * month was written after the next month's first (a call answered in its last second): then the
 * month's runs interleave with the kept ones.
 */
export interface DroppedRun {
  from: number | null;
  to: number;
  hash: string;
}

/** Whether the runs hold every seq from `first` to `last`. */
function dropped(runs: readonly DroppedRun[], first: number, last: number): boolean {
  let next = first;
  while (next <= last) {
    const run = runs.find((r) => r.from !== null && r.from <= next && next <= r.to);
    if (!run) return false;
    next = run.to + 1;
  }
  return true;
}

/**
 * Checks entries in `seq` order, page by page (`check` is called for each page in turn). `runs`
 * are the entries retention dropped: the first remaining entry is the first of the trail, or
 * follows the end of one when every entry before it was dropped; a gap is allowed only where
 * every missing entry was dropped and the entry after it follows the dropped run's last hash.
 * Each keyed entry is checked with the key it names; the key changes only at a rotation record
 * from the key before (audit-rotation.service.ts), after which the old key may key nothing more.
 */
export function chainVerifier(runs: readonly DroppedRun[], keys: ChainKeys) {
  let previous: { seq: number; hash: string } | null = null;
  let checked = 0;
  let keyed = false;
  const hashers = new Map(keys.keys.map((k) => [k.id, keyedHasher(k)]));
  /** The keys seen, in order, from their first entry; the last is the key in use. */
  const starts: KeyStart[] = [];
  const retired = new Set<string>();
  /** The key of `row`, its hasher, or why the row may not be keyed with it. */
  function keyedBy(row: ChainedEntry): EntryHasher | ChainBreak {
    const keyId = row.keyId!;
    const hasher = hashers.get(keyId);
    if (!hasher) return { seq: row.seq, reason: 'unknown_key', keyId };
    const inUse = starts.at(-1)?.keyId;
    if (inUse === undefined) starts.push({ keyId, from: row.seq });
    else if (inUse !== keyId) {
      if (retired.has(keyId)) return { seq: row.seq, reason: 'rotated_out', keyId };
      if (!isRotationFrom(row, inUse)) return { seq: row.seq, reason: 'key_change', keyId };
      retired.add(inUse);
      starts.push({ keyId, from: row.seq });
    }
    return hasher;
  }
  const endOf = (row: ChainedEntry) => runs.find((r) => r.to === row.seq - 1 && r.hash === row.prevHash);
  const follows = (row: ChainedEntry) => endOf(row) !== undefined;
  // The oldest remaining entry: every entry before it was dropped (a drop recorded before runs
  // were tells only its last entry, so there the anchor alone is checked).
  const startsAfterDrops = (row: ChainedEntry) => {
    const run = endOf(row);
    return run !== undefined && (run.from === null || dropped(runs, 1, row.seq - 1));
  };
  return {
    check(rows: readonly ChainedEntry[]): ChainBreak | null {
      for (const row of rows) {
        if (previous === null) {
          if (row.prevHash === GENESIS ? row.seq !== 1 : !startsAfterDrops(row))
            return { seq: row.seq, reason: 'anchor' };
        } else if (row.seq !== previous.seq + 1) {
          if (!dropped(runs, previous.seq + 1, row.seq - 1) || !follows(row))
            return { seq: row.seq, reason: 'gap' };
        } else if (row.prevHash !== previous.hash) {
          return { seq: row.seq, reason: 'previous_hash' };
        }
        let hashOf = hashEntry;
        if (row.keyId === null) {
          if (keyed || row.seq > keys.unkeyedUntil) return { seq: row.seq, reason: 'unkeyed' };
        } else {
          const hasher = keyedBy(row);
          if (typeof hasher !== 'function') return hasher;
          hashOf = hasher;
          keyed = true;
        }
        if (hashOf(row.prevHash, row) !== row.hash) return { seq: row.seq, reason: 'content' };
        previous = { seq: row.seq, hash: row.hash };
        checked += 1;
      }
      return null;
    },
    get checked() {
      return checked;
    },
    /** Whether a keyed entry was checked. */
    get keyed() {
      return keyed;
    },
    /** The keys that keyed the chain, each from its first entry, in order. */
    get keyStarts(): readonly KeyStart[] {
      return starts;
    },
    /** The last entry checked: the trail's end once every page was. */
    get last() {
      return previous;
    },
  };
}
