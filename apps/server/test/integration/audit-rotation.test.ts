import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditVerify } from '../../src/cli/audit-verify.ts';
import { encodeBatch } from '../../src/modules/audit/audit-batch.service.ts';
import { chainKeyOf } from '../../src/modules/audit/audit-chain.service.ts';
import { lastEntry, insertEntries } from '../../src/modules/audit/audit.repository.ts';
import { readEntry } from '../helpers/audit.ts';
import { createClient, intake } from '../helpers/clients.ts';
import { createTestApp, TEST_AUDIT_CHAIN_KEY, type TestApp } from '../helpers/test-app.ts';

/**
 * Rotating AUDIT_CHAIN_KEY by a checkpoint (docs/operations.md, "Rotating the audit chain key"),
 * during a rolling restart: the app holds the old key only (a process not restarted yet); a
 * second server on the same database holds the new key with the old one listed as previous.
 */
const NEW_KEY = 'the-new-audit-chain-key-the-new-audit-chain-key';
const oldId = chainKeyOf(TEST_AUDIT_CHAIN_KEY).id;
const newId = chainKeyOf(NEW_KEY).id;

let t: TestApp;
let b: Awaited<ReturnType<TestApp['secondServer']>>;
beforeAll(async () => {
  // Writers that write only when flushed (or closed): each step below says which process writes.
  t = await createTestApp({}, { flushEveryMs: 3_600_000 });
  b = await t.secondServer({ AUDIT_CHAIN_KEY: NEW_KEY, AUDIT_CHAIN_KEYS_PREVIOUS: TEST_AUDIT_CHAIN_KEY });
}, 180_000);
afterAll(async () => {
  await b.close();
  await t.close();
}, 180_000);

interface Row {
  seq: number;
  action: string;
  key_id: string | null;
  user_agent: string | null;
  details: Record<string, unknown> | string;
}
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const chainRows = () =>
  rows<Row>(sql`SELECT seq::int AS seq, action, key_id, user_agent, details FROM audit_entries ORDER BY seq`);
const inboxCount = async () =>
  (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_inbox`))[0]!.n;
/** An audited read (the trail's own), marked by its user agent. */
const readThrough = (call: TestApp['call'], agent: string) =>
  call('GET', '/api/audit', { as: 'admin', headers: { 'user-agent': agent } });

describe('the audit chain key rotated by a checkpoint', () => {
  it('keys the first entries with the old key, then begins the new key with a rotation record and a checkpoint', async () => {
    expect((await readThrough(t.call, 'before-rotation')).status).toBe(200);
    await t.app.audit.flush();
    expect((await readThrough(b.call, 'after-rotation')).status).toBe(200);
    // A change through the new-key process: its entry waits in the inbox, so the new key's first
    // batch is the inbox's move, which begins with the rotation record.
    const res = await b.call('POST', '/api/clients', {
      as: 'coordinator',
      headers: { 'user-agent': 'change-after-rotation' },
      body: intake(),
    });
    expect(res.status).toBe(201);
    await b.server.audit.flush();

    const all = await chainRows();
    const before = all.find((r) => r.user_agent === 'before-rotation')!;
    expect(before.key_id).toBe(oldId);
    const rotation = all.find((r) => r.action === 'key_rotation')!;
    expect(rotation.key_id).toBe(newId);
    const details = typeof rotation.details === 'string' ? JSON.parse(rotation.details) : rotation.details;
    expect(details).toEqual({ from_key: oldId, to_key: newId });
    expect(all.filter((r) => r.seq < rotation.seq).every((r) => r.key_id === oldId)).toBe(true);
    expect(all.filter((r) => r.seq >= rotation.seq).every((r) => r.key_id === newId)).toBe(true);
    expect(all.find((r) => r.user_agent === 'after-rotation')!.seq).toBeGreaterThan(rotation.seq);
    expect(all.find((r) => r.user_agent === 'change-after-rotation')!.seq).toBe(rotation.seq + 1);

    // The checkpoint taken at the rotation record, signed with the new key.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = fs
      .readFileSync(t.config.audit.checkpointFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { seq: number; key: string });
    expect(lines).toContainEqual(expect.objectContaining({ seq: rotation.seq, key: newId }));
  });

  it('a process still holding only the old key leaves its entries for the new-key writer: nothing lost, nothing mis-keyed', async () => {
    const chainedBefore = (await chainRows()).length;
    expect((await readThrough(t.call, 'old-process-read')).status).toBe(200);
    const client = await createClient(t, 'coordinator');
    await t.app.audit.flush();
    // Not chained by the old key: waiting in the inbox, the change's entry and the read's.
    const after = await chainRows();
    expect(after.length).toBe(chainedBefore);
    expect(await inboxCount()).toBeGreaterThanOrEqual(2);

    await b.server.audit.flush();
    expect(await inboxCount()).toBe(0);
    const moved = (await chainRows()).slice(chainedBefore);
    expect(moved.find((r) => r.user_agent === 'old-process-read')?.key_id).toBe(newId);
    const created = await rows<{ key_id: string }>(
      sql`SELECT key_id FROM audit_entries WHERE action = 'create' AND record_kind = 'client'
            AND record_id = ${client.client_id}`,
    );
    expect(created).toEqual([{ key_id: newId }]);
    expect(moved.every((r) => r.key_id === newId)).toBe(true);
  });

  it('audit:verify passes with both keys and names where each starts; without the old key it fails naming it', async () => {
    const both = await auditVerify(t.db, b.config);
    expect(both.message).toContain(`${oldId} from entry`);
    expect(both.message).toContain(`${newId} from entry`);
    expect(both.code, both.message).toBe(0);

    const newOnly = { ...b.config, audit: { ...b.config.audit, chainKeysPrevious: [] } };
    const missing = await auditVerify(t.db, newOnly);
    expect(missing.code).toBe(1);
    expect(missing.message).toContain(oldId);
    // The old process's own check does not hold the new key.
    const oldOnly = await auditVerify(t.db, t.config);
    expect(oldOnly.code).toBe(1);
    expect(oldOnly.message).toContain(newId);
  });

  it('audit:verify fails for an entry keyed with the old key appended after the rotation (a leaked old key)', async () => {
    await t.app.audit.flush();
    await b.server.audit.flush();
    const end = await lastEntry(t.db);
    // Chained after the last entry as a holder of the old key would, bypassing the writer's check.
    const forged = encodeBatch({ seq: end!.seq, hash: end!.hash }, [readEntry(1)], {
      current: chainKeyOf(TEST_AUDIT_CHAIN_KEY),
      previousIds: [],
    });
    await insertEntries(t.db, forged);
    const v = await auditVerify(t.db, b.config);
    expect(v.code).toBe(2);
    expect(v.message).toContain(`entry ${end!.seq + 1}`);
    expect(v.message).toContain('rotated out');
    expect(v.message).toContain(oldId);
  });
});
