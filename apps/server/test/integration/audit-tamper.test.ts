import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { chain, chainKeyOf, type ChainedEntry } from '../../src/modules/audit/audit-chain.service.ts';
import { writerChainKey } from '../../src/modules/audit/audit-key.service.ts';
import { appendEntries, type PendingEntry } from '../../src/modules/audit/audit-writer.service.ts';
import { auditRows, encoderOf, readEntry, verifyTrail } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 27: tampering with the audit trail shows, even done by the table's owner with the
 * triggers off, as an attacker with the owner's rights would: an edited entry, the chain
 * computed again (without the key, or with another), the newest entries removed, the table
 * emptied. `audit:verify` exits 2 for each, 0 for the trail left alone.
 */

const opened: TestApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

const entry = (n: number): PendingEntry => readEntry(n, { details: { n } });

/**
 * An app whose trail holds calls' entries and 30 more, checkpointed as a server stopping does
 * (another server on the same database, closed).
 */
async function checkpointedTrail(): Promise<TestApp> {
  const t = await createTestApp();
  opened.push(t);
  const c = await createClient(t, 'coordinator');
  await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
  await t.app.audit.flush();
  await appendEntries(
    t.db,
    Array.from({ length: 30 }, (_, i) => entry(i)),
    encoderOf(t),
  );
  const other = await t.secondServer();
  await other.close();
  const lines = fs.readFileSync(t.config.audit.checkpointFile, 'utf8').trim().split('\n');
  const last = (await auditRows(t)).at(-1)!;
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ seq: last.seq, hash: last.hash });
  expect(await verifyTrail(t)).toEqual({
    code: 0,
    message: expect.stringMatching(
      /^Audit trail intact: \d+ entries checked \(key [0-9a-f]{16} from entry \d+\); \d+ checkpoints? matched\.$/,
    ),
  });
  return t;
}

/** Runs statements as the table's owner with every trigger off (the append-only rule bypassed). */
async function asOwnerWithoutTriggers(t: TestApp, ...statements: Array<ReturnType<typeof sql>>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
  });
}

/** Stores the entries' hashes and key as `rechained` computed them. */
async function rewrite(t: TestApp, rechained: ChainedEntry[]) {
  await asOwnerWithoutTriggers(
    t,
    ...rechained.map(
      (e) =>
        sql`UPDATE audit_entries SET prev_hash = ${e.prevHash}, hash = ${e.hash}, key_id = ${e.keyId}
             WHERE seq = ${e.seq}`,
    ),
  );
}

/** The stored entries as the chain reads them (content, seq), for computing the chain again. */
async function stored(t: TestApp): Promise<PendingEntry[]> {
  const rows = await t.db.execute(
    sql`SELECT seq::int AS seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, user_id,
               role_id, action, record_kind, record_id::int AS record_id, client_id, address, user_agent, outcome,
               details
          FROM audit_entries ORDER BY seq`,
  );
  type Row = Record<string, unknown> & { details: unknown };
  return (rows as unknown as { rows: Row[] }).rows.map((r) => ({
    at: r.at as string,
    userId: r.user_id as number | null,
    roleId: r.role_id as number | null,
    action: r.action as string,
    recordKind: r.record_kind as string | null,
    recordId: r.record_id as number | null,
    clientId: r.client_id as number | null,
    address: r.address as string | null,
    userAgent: r.user_agent as string | null,
    outcome: r.outcome as string,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
  }));
}

describe('audit trail: the append-only rule', () => {
  it('refuses TRUNCATE, like UPDATE and DELETE, of the table and of a partition made since', async () => {
    const t = await checkpointedTrail();
    const [partition] = (
      (await t.db.execute(
        sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
             WHERE i.inhparent = 'audit_entries'::regclass ORDER BY 1 DESC LIMIT 1`,
      )) as unknown as { rows: Array<{ name: string }> }
    ).rows;
    for (const table of ['audit_entries', partition!.name]) {
      await expect(t.db.execute(sql`TRUNCATE ${sql.identifier(table)}`)).rejects.toThrow();
      await expect(t.db.execute(sql`DELETE FROM ${sql.identifier(table)}`)).rejects.toThrow();
      await expect(
        t.db.execute(sql`UPDATE ${sql.identifier(table)} SET outcome = 'refused'`),
      ).rejects.toThrow();
    }
    expect((await verifyTrail(t)).code).toBe(0);
  });
});

describe('audit:verify finds the trail tampered with by its owner', () => {
  it('an edited entry', async () => {
    const t = await checkpointedTrail();
    const target = (await auditRows(t)).at(-5)!;
    await asOwnerWithoutTriggers(
      t,
      sql`UPDATE audit_entries SET details = '{"n": 999}'::jsonb WHERE seq = ${target.seq}`,
    );
    const verified = await verifyTrail(t);
    expect(verified.code).toBe(2);
    expect(verified.message).toContain(`entry ${target.seq}: its content does not match its hash`);
  });

  it('an edited entry and the chain computed again after it without the key (plain SHA-256)', async () => {
    const t = await checkpointedTrail();
    const entries = await stored(t);
    entries[entries.length - 5]!.details = { n: 999 };
    await rewrite(t, chain(null, entries));
    const verified = await verifyTrail(t);
    expect(verified.code).toBe(2);
    expect(verified.message).toContain('entry 1: it is hashed without the chain key');
  });

  it('the chain computed again with another key, named as its own or as the real one', async () => {
    const t = await checkpointedTrail();
    const entries = await stored(t);
    const other = chain(null, entries, chainKeyOf('not-the-chain-key-not-the-chain-key-0123'));
    await rewrite(t, other);
    const unknown = await verifyTrail(t);
    // A key the check does not hold: it cannot check, and names the key's fingerprint.
    expect(unknown.code).toBe(1);
    expect(unknown.message).toContain(`entry 1: it is keyed with the key of fingerprint ${other[0]!.keyId}`);

    const realId = writerChainKey(t.config).id;
    await rewrite(
      t,
      other.map((e) => ({ ...e, keyId: realId })),
    );
    const forged = await verifyTrail(t);
    expect(forged.code).toBe(2);
    expect(forged.message).toContain('entry 1: its content does not match its hash');
  });

  it('the last 20 entries removed', async () => {
    const t = await checkpointedTrail();
    const rows = await auditRows(t);
    const kept = rows.at(-21)!;
    await asOwnerWithoutTriggers(t, sql`DELETE FROM audit_entries WHERE seq > ${kept.seq}`);
    const verified = await verifyTrail(t);
    expect(verified.code).toBe(2);
    expect(verified.message).toContain(
      `Audit trail cut short: it ends at entry ${kept.seq}, but entry ${rows.at(-1)!.seq} was checkpointed`,
    );
  });

  it('TRUNCATE, with the triggers off', async () => {
    const t = await checkpointedTrail();
    await expect(t.db.execute(sql`TRUNCATE audit_entries`)).rejects.toThrow();
    await asOwnerWithoutTriggers(t, sql`TRUNCATE audit_entries`);
    expect(await auditRows(t)).toEqual([]);
    const verified = await verifyTrail(t);
    expect(verified.code).toBe(2);
    expect(verified.message).toContain('Audit trail emptied: it holds no entry');
  });

  it('the checkpoint file removed, or a checkpoint forged', async () => {
    const t = await checkpointedTrail();
    const file = t.config.audit.checkpointFile;
    const lines = fs.readFileSync(file, 'utf8');
    fs.rmSync(file);
    const missing = await verifyTrail(t);
    expect(missing.code).toBe(2);
    expect(missing.message).toContain('is missing, though the trail holds entries');

    const last = JSON.parse(lines.trim().split('\n').at(-1)!) as { seq: number };
    fs.writeFileSync(file, lines + JSON.stringify({ ...last, seq: last.seq - 1 }) + '\n');
    const forged = await verifyTrail(t);
    expect(forged.code).toBe(2);
    expect(forged.message).toMatch(/line \d+: not a checkpoint signed with the chain key/);
  });
});
