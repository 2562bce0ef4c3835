import { hash } from 'node:crypto';

/**
 * The hash chain of the audit trail: each entry's hash is SHA-256 over the previous entry's hash
 * and the entry's canonical content, so an edited, removed or inserted row breaks the chain from
 * there on. The first entry follows GENESIS, or, after retention dropped the oldest months, the
 * anchor recorded in the drop's own entry.
 */
export const GENESIS = '0'.repeat(64);

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
 * SHA-256 over the previous hash and the entry's content as the canonical JSON array `[seq, at,
 * userId, roleId, action, recordKind, recordId, clientId, address, userAgent, outcome, details]`,
 * written here field by field (the same text canonicalJson writes for that array, at a fraction of
 * its cost: the writer hashes thousands of entries a second on the server's thread).
 */
export function hashEntry(prevHash: string, e: ChainContent): string {
  const content =
    `[${scalar(e.seq)},${scalar(e.at)},${scalar(e.userId)},${scalar(e.roleId)},${scalar(e.action)},` +
    `${scalar(e.recordKind)},${scalar(e.recordId)},${scalar(e.clientId)},${scalar(e.address)},` +
    `${scalar(e.userAgent)},${scalar(e.outcome)},${canonicalJson(e.details)}]`;
  return hash('sha256', `${prevHash}\n${content}`, 'hex');
}

/** Chains new entries after the last stored one (`seq` and hash), numbering them on. */
export function chain(
  last: { seq: number; hash: string } | null,
  entries: ReadonlyArray<Omit<ChainContent, 'seq'>>,
): ChainedEntry[] {
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS;
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
    };
    chained.hash = hashEntry(prevHash, chained);
    prevHash = chained.hash;
    return chained;
  });
}

/** The first entry that breaks the chain, and why; null when the chain holds. */
export interface ChainBreak {
  seq: number;
  reason: 'anchor' | 'gap' | 'previous_hash' | 'content';
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
 */
export function chainVerifier(runs: readonly DroppedRun[]) {
  let previous: { seq: number; hash: string } | null = null;
  let checked = 0;
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
        if (hashEntry(row.prevHash, row) !== row.hash) return { seq: row.seq, reason: 'content' };
        previous = { seq: row.seq, hash: row.hash };
        checked += 1;
      }
      return null;
    },
    get checked() {
      return checked;
    },
  };
}
