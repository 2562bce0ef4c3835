import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointLine, startCheckpoints } from '../../src/modules/audit/audit-checkpoint.service.ts';
import { writerChainKey, writerChainKeys } from '../../src/modules/audit/audit-key.service.ts';
import { dropExpiredPartitions } from '../../src/modules/audit/audit-retention.service.ts';
import {
  appendEntries,
  createAuditWriter,
  type PendingEntry,
} from '../../src/modules/audit/audit-writer.service.ts';
import { auditRows, encoderOf, readEntry, verifyTrail } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const oldEntry = (at: string): PendingEntry => readEntry(1, { at, userId: t.demo.admin.userId, roleId: 1 });

async function partitionNames(): Promise<string[]> {
  const result = await t.db.execute(
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = 'audit_entries'::regclass ORDER BY 1`,
  );
  return (result as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
}

/** Runs `statement` with triggers off, as a superuser could: the trail's own protection bypassed. */
async function asSuperuserWithoutTriggers(statement: ReturnType<typeof sql>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe('audit trail: kept tamper-evident', () => {
  it('chains entries, month partitions included, and retention drops a month whole, audited', async () => {
    // The oldest entries first, as time would have written them: two months long past retention.
    await appendEntries(
      t.db,
      [oldEntry('2010-01-15T10:00:00.000Z'), oldEntry('2010-01-20T10:00:00.000Z')],
      encoderOf(t),
    );
    await appendEntries(t.db, [oldEntry('2010-02-03T10:00:00.000Z')], encoderOf(t));
    // A checkpoint of entry 3, which retention drops below: its run accounts for it. (Not a second
    // server's: its start would run the retention.)
    const log = pino({ level: 'silent' });
    await startCheckpoints(
      t.db,
      writerChainKey(t.config),
      t.config.audit.checkpointFile,
      log,
      3_600_000,
    ).stop();
    expect(fs.readFileSync(t.config.audit.checkpointFile, 'utf8')).toContain('"seq":3,');
    const c = await createClient(t, 'coordinator');
    await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    await t.app.audit.flush();
    expect(await partitionNames()).toEqual(
      expect.arrayContaining(['audit_entries_2010_01', 'audit_entries_2010_02']),
    );
    expect((await verifyTrail(t)).code).toBe(0);

    const dropped = await dropExpiredPartitions(t.db, t.app.audit, 84);
    expect(dropped).toEqual(['audit_entries_2010_01', 'audit_entries_2010_02']);
    expect(await partitionNames()).not.toContain('audit_entries_2010_01');
    const drops = (await auditRows(t)).filter((e) => e.action === 'retention_drop');
    expect(drops.map((d) => d.details.partition)).toEqual(['audit_entries_2010_01', 'audit_entries_2010_02']);
    expect(drops[1]!.details).toMatchObject({ entries: 1, anchor_seq: 3, retention_months: 84 });
    // The chain now starts after the dropped months, from the anchor the drop recorded.
    const rows = await auditRows(t);
    expect(rows[0]!.seq).toBe(4);
    expect(rows[0]!.prev_hash).toBe(drops[1]!.details.anchor_hash);
    const verified = await verifyTrail(t);
    expect(verified).toEqual({ code: 0, message: expect.stringContaining('intact') });
    expect(verified.message).toContain('1 checkpoint matched');
    // A checkpoint of a dropped entry with another hash than its run's last does not.
    const line = JSON.parse(fs.readFileSync(t.config.audit.checkpointFile, 'utf8')) as Record<
      string,
      unknown
    >;
    const forged = checkpointLine(writerChainKey(t.config), {
      seq: 3,
      hash: 'f'.repeat(64),
      at: line.at as string,
    });
    const file = t.config.audit.checkpointFile;
    const kept = fs.readFileSync(file, 'utf8');
    fs.appendFileSync(file, forged);
    expect(await verifyTrail(t)).toEqual({
      code: 2,
      message: expect.stringContaining('entry 3: its hash is not the one checkpointed'),
    });
    fs.writeFileSync(file, kept);
  });

  it('refuses UPDATE and DELETE of an entry', async () => {
    await expect(t.db.execute(sql`UPDATE audit_entries SET outcome = 'refused'`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM audit_entries`)).rejects.toThrow();
    expect((await auditRows(t)).length).toBeGreaterThan(3);
    expect((await verifyTrail(t)).code).toBe(0);
  });

  it('audit:verify names an edited entry, then a removed one', async () => {
    const rows = await auditRows(t);
    // A call's entry (a retention drop's own entry edited shows too: below).
    const target = rows.filter((r) => r.action !== 'retention_drop').at(-1)!;
    expect(target.seq).toBeGreaterThan(rows[0]!.seq);
    await asSuperuserWithoutTriggers(
      sql`UPDATE audit_entries SET details = '{"status": 200}'::jsonb WHERE seq = ${target.seq}`,
    );
    const edited = await verifyTrail(t);
    expect(edited.code).toBe(2);
    expect(edited.message).toContain(`entry ${target.seq}:`);
    expect(edited.message).toContain('edited');

    await asSuperuserWithoutTriggers(sql`DELETE FROM audit_entries WHERE seq <= ${target.seq}`);
    const removedHead = await verifyTrail(t);
    expect(removedHead.code).toBe(2);
    expect(removedHead.message).toContain(`entry ${target.seq + 1}:`);
  });
});

describe('audit trail: retention never empties the table', () => {
  it('keeps the partition of the newest entry, past the retention too: the chain goes on from it', async () => {
    const u = await createTestApp();
    try {
      await appendEntries(
        u.db,
        [oldEntry('2010-01-15T10:00:00.000Z'), oldEntry('2010-02-03T10:00:00.000Z')],
        encoderOf(u),
      );
      // While it holds the newest entry, the function itself refuses to drop it.
      const refused = await u.db
        .execute(sql`SELECT * FROM audit_drop_partition('audit_entries_2010_02')`)
        .then(
          () => 'dropped',
          (err: Error) => ((err.cause as Error | undefined) ?? err).message,
        );
      expect(refused).toBe('audit partition audit_entries_2010_02 holds the newest entry');
      expect(await dropExpiredPartitions(u.db, u.app.audit, 84)).toEqual(['audit_entries_2010_01']);
      // The drop's entry follows entry 2, not the start of the trail.
      expect((await auditRows(u)).map((r) => [r.seq, r.action])).toEqual([
        [2, 'read'],
        [3, 'retention_drop'],
      ]);
      expect((await verifyTrail(u)).code).toBe(0);
    } finally {
      await u.close();
    }
  });
});

describe('audit trail: the batch insert', () => {
  it('stores text that array literals quote (quotes, backslashes, braces, NULL) exactly as sent', async () => {
    const awkward = ['a "quoted" \\ path', '{1,2}', 'NULL', '', ' padded ', 'line\nbreak', 'é ✓ ,;'];
    const u = await createTestApp();
    try {
      await appendEntries(
        u.db,
        awkward.map((userAgent) => ({
          ...oldEntry(new Date().toISOString()),
          userAgent,
          details: { note: userAgent },
        })),
        encoderOf(u),
      );
      const rows = await auditRows(u);
      expect(rows.map((r) => r.user_agent)).toEqual(awkward);
      expect(rows.map((r) => r.details.note)).toEqual(awkward);
      expect((await verifyTrail(u)).code).toBe(0);
    } finally {
      await u.close();
    }
  });
});

describe('audit trail: a month whose last entry was written after the next month began', () => {
  it('drops it and the chain still verifies; a kept entry removed beside a dropped one still shows', async () => {
    const u = await createTestApp();
    try {
      const seqOf = async (at: string) =>
        (
          (await u.db.execute(
            sql`SELECT seq::int AS seq FROM audit_entries WHERE at = ${at}::timestamptz`,
          )) as unknown as { rows: Array<{ seq: number }> }
        ).rows[0]!.seq;
      await appendEntries(u.db, [oldEntry('2011-03-20T10:00:00.000Z')], encoderOf(u));
      // A call answered in March's last second, queued behind April's first entry.
      await appendEntries(
        u.db,
        [
          oldEntry('2011-04-01T00:00:00.500Z'),
          oldEntry('2011-03-31T23:59:59.900Z'),
          oldEntry('2011-04-01T00:00:01.000Z'),
        ],
        encoderOf(u),
      );
      expect((await verifyTrail(u)).code).toBe(0);

      // Seven years on, March 2011 is past retention and April is not.
      const dropped = await dropExpiredPartitions(u.db, u.app.audit, 84, new Date('2018-03-15T12:00:00Z'));
      expect(dropped).toEqual(['audit_entries_2011_03']);
      const [drop] = (await auditRows(u)).filter((e) => e.action === 'retention_drop');
      const straggler = await seqOf('2011-04-01T00:00:00.500Z');
      expect(drop!.details).toMatchObject({ entries: 2, anchor_seq: straggler + 1 });
      expect((drop!.details.dropped_runs as unknown[]).length).toBe(2);
      expect(await verifyTrail(u)).toEqual({ code: 0, message: expect.stringContaining('intact') });

      // April's first entry, between the two dropped ones, removed: a gap retention does not explain.
      await u.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`DELETE FROM audit_entries WHERE seq = ${straggler}`);
      });
      const broken = await verifyTrail(u);
      expect(broken.code).toBe(2);
      expect(broken.message).toContain(`entry ${straggler + 2}:`);
    } finally {
      await u.close();
    }
  });
});

describe('audit trail: the batched writer', () => {
  it('keeps entries queued until its turn, and writes them all on close', async () => {
    const count = async () =>
      (
        (await t.db.execute(
          sql`SELECT count(*)::int AS n FROM audit_entries WHERE user_agent = 'queued'`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n;
    // A turn far away: only close can write them.
    const writer = createAuditWriter(t.db, writerChainKeys(t.config), pino({ level: 'silent' }), 3_600_000);
    for (let i = 0; i < 3; i++)
      writer.enqueue({ ...oldEntry(new Date().toISOString()), userAgent: 'queued' });
    expect(await count()).toBe(0);
    await writer.close();
    expect(await count()).toBe(3);
  });

  it('writes what is queued when the app closes', async () => {
    const c = await createClient(t, 'coordinator');
    const other = await t.secondServer();
    const before = await t.db.execute(sql`SELECT count(*)::int AS n FROM audit_entries`);
    await other.call('GET', `/api/clients/${c.client_id}/plans`, { as: 'coordinator' });
    await other.close();
    const after = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_entries WHERE record_kind = 'plan' AND client_id = ${c.client_id}`,
    );
    const n = (r: unknown) => (r as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(n(before)).toBeGreaterThan(0);
    expect(n(after)).toBe(1);
  });
});

describe('audit trail: the client address', () => {
  it('is the connection’s, or with TRUST_PROXY the one the proxy forwarded', async () => {
    const c = await createClient(t, 'coordinator');
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator', headers });
    const direct = (await auditRows(t)).at(-1)!;
    expect(direct.address).toBe('127.0.0.1');

    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const other = await createClient(proxied, 'coordinator');
      await proxied.call('GET', `/api/clients/${other.client_id}`, { as: 'coordinator', headers });
      expect((await auditRows(proxied)).at(-1)).toMatchObject({ action: 'read', address: '203.0.113.7' });
    } finally {
      await proxied.close();
    }
  });
});
