import { createHash } from 'node:crypto';

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

export function hashEntry(prevHash: string, e: ChainContent): string {
  const content = canonicalJson([
    e.seq,
    e.at,
    e.userId,
    e.roleId,
    e.action,
    e.recordKind,
    e.recordId,
    e.clientId,
    e.address,
    e.userAgent,
    e.outcome,
    e.details,
  ]);
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
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
    const content = { ...e, seq };
    const hash = hashEntry(prevHash, content);
    const chained = { ...content, prevHash, hash };
    prevHash = hash;
    return chained;
  });
}

/** The first entry that breaks the chain, and why; null when the chain holds. */
export interface ChainBreak {
  seq: number;
  reason: 'anchor' | 'gap' | 'previous_hash' | 'content';
}

/**
 * Checks entries in `seq` order, page by page (`check` is called for each page in turn). `anchors`
 * are the hashes the retention drops recorded: the first remaining entry may follow one of them.
 */
export function chainVerifier(anchors: ReadonlySet<string>) {
  let previous: { seq: number; hash: string } | null = null;
  let checked = 0;
  return {
    check(rows: readonly ChainedEntry[]): ChainBreak | null {
      for (const row of rows) {
        if (previous === null) {
          if (row.prevHash !== GENESIS && !anchors.has(row.prevHash))
            return { seq: row.seq, reason: 'anchor' };
        } else {
          if (row.seq !== previous.seq + 1) return { seq: row.seq, reason: 'gap' };
          if (row.prevHash !== previous.hash) return { seq: row.seq, reason: 'previous_hash' };
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
