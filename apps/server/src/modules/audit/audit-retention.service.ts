import type { Db } from '../../db/database.ts';
import type { AuditWriter } from './audit-writer.service.ts';
import * as repo from './audit.repository.ts';

const PARTITION = /^audit_entries_(\d{4})_(\d{2})$/;

/** The first month kept (YYYY-MM) when `months` are kept, counting the current month. */
export function firstMonthKept(now: Date, months: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months + 1, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * Drops, whole, every monthly partition older than the retention, each in a transaction holding
 * the chain's lock, through audit_drop_partition (the table's owner's, which itself refuses a
 * month the retention in audit_policy keeps, and the partition of the newest entry: the table is
 * never emptied, so the chain never starts again from the beginning). Each drop is itself audited: its entry names the month, how many entries went,
 * the anchor (the last dropped entry's seq and hash) from which the remaining chain follows, and
 * every run of entries dropped with its last hash (`dropped_runs`: more than one when an entry of
 * the month was written after the next month's first), so `audit:verify` still checks the
 * remaining chain end to end and tells a dropped entry from a removed one.
 */
export async function dropExpiredPartitions(
  db: Db,
  writer: AuditWriter,
  months: number,
  now = new Date(),
): Promise<string[]> {
  const keep = firstMonthKept(now, months);
  // Not the partition of the newest entry, even past the retention: the chain goes on from it.
  const head = await repo.headPartition(db);
  const expired = (await repo.partitions(db)).filter((name) => {
    const m = PARTITION.exec(name);
    return m !== null && `${m[1]}-${m[2]}` < keep && name !== head;
  });
  for (const name of expired) {
    const end = await db.transaction(async (tx) => {
      await repo.lockChain(tx);
      return repo.dropPartition(tx, name);
    });
    const last = end.at(-1);
    writer.enqueue({
      at: new Date().toISOString(),
      userId: null,
      roleId: null,
      action: 'retention_drop',
      recordKind: 'audit',
      recordId: null,
      clientId: null,
      address: null,
      userAgent: null,
      outcome: 'allowed',
      details: {
        partition: name,
        retention_months: months,
        entries: end.reduce((n, r) => n + r.to - r.from + 1, 0),
        ...(last ? { anchor_seq: last.to, anchor_hash: last.hash } : {}),
        dropped_runs: end.map((r) => [r.from, r.to, r.hash]),
      },
    });
  }
  if (expired.length > 0) await writer.flush();
  return expired;
}
