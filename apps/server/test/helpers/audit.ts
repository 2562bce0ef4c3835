import { sql } from 'drizzle-orm';
import { auditVerify } from '../../src/cli/audit-verify.ts';
import { encoderOnThread, type EncodeBatch } from '../../src/modules/audit/audit-encoder.service.ts';
import { writerChainKeys } from '../../src/modules/audit/audit-key.service.ts';
import type { PendingEntry } from '../../src/modules/audit/audit-writer.service.ts';
import type { TestApp } from './test-app.ts';

/**
 * An entry as a service would queue it: a read of client `n`, allowed, from 127.0.0.1 (now unless
 * `patch` says otherwise), for tests that append entries themselves.
 */
export function readEntry(n: number, patch: Partial<PendingEntry> = {}): PendingEntry {
  return {
    at: new Date().toISOString(),
    userId: null,
    roleId: null,
    action: 'read',
    recordKind: 'client',
    recordId: n,
    clientId: n,
    address: '127.0.0.1',
    userAgent: null,
    outcome: 'allowed',
    details: {},
    ...patch,
  };
}

/** Encodes on the test's thread with the app's chain key: for appendEntries. */
export function encoderOf(t: Pick<TestApp, 'config'>): EncodeBatch {
  return encoderOnThread(writerChainKeys(t.config));
}

/** `npm run audit:verify` as the app's configuration would run it: its key, its checkpoint file. */
export function verifyTrail(t: Pick<TestApp, 'db' | 'config'>) {
  return auditVerify(t.db, t.config);
}

/** An audit entry as stored. */
export interface AuditRow {
  seq: number;
  user_id: number | null;
  role_id: number | null;
  action: string;
  record_kind: string | null;
  record_id: number | null;
  client_id: number | null;
  address: string | null;
  user_agent: string | null;
  outcome: string;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

/** Writes what the app has queued, then answers the stored entries after `afterSeq`, oldest first. */
export async function auditRows(t: TestApp, afterSeq = 0): Promise<AuditRow[]> {
  await t.app.audit.flush();
  const result = await t.db.execute(
    sql`SELECT seq::int AS seq, user_id, role_id, action, record_kind, record_id::int AS record_id, client_id,
               address, user_agent, outcome, details, prev_hash, hash
          FROM audit_entries WHERE seq > ${afterSeq} ORDER BY seq`,
  );
  return (result as unknown as { rows: AuditRow[] }).rows.map((r) => ({
    ...r,
    details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
  }));
}

/** The last entry's seq (0 for none): entries after it are a call's own. */
export async function lastSeq(t: TestApp): Promise<number> {
  const rows = await auditRows(t);
  return rows.at(-1)?.seq ?? 0;
}

/** The entries one call wrote (flushed). */
export async function entriesOf<T>(
  t: TestApp,
  call: () => Promise<T>,
): Promise<{ result: T; entries: AuditRow[] }> {
  const before = await lastSeq(t);
  const result = await call();
  return { result, entries: await auditRows(t, before) };
}
