import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dropExpiredPartitions } from '../../src/modules/audit/audit-retention.service.ts';
import { appendEntries, type PendingEntry } from '../../src/modules/audit/audit-writer.service.ts';
import { auditRows, encoderOf, readEntry, verifyTrail } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { READY_BODY } from '../helpers/health.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 27 on PostgreSQL: the server connects as a role of its own (DATABASE_URL) that may only
 * INSERT and SELECT the audit trail; the migrations run as the owner (MIGRATION_DATABASE_URL),
 * which grants that role what it needs. The app works as that role; the trail cannot be changed
 * by it. (PGlite has one user: the checks of the append-only rule there are audit-tamper.test.ts.)
 */
const tpl = inject('pgTemplate');
const suffix = crypto.randomBytes(4).toString('hex');
const role = `cairn_server_${suffix}`;
const database = `cairn_role_${suffix}`;

async function asAdmin(statement: string) {
  const admin = new pg.Client({ connectionString: tpl!.adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const entry = (at: string): PendingEntry => readEntry(1, { at });

let t: TestApp;
beforeAll(async () => {
  if (!tpl) return;
  await asAdmin(`CREATE ROLE ${role} LOGIN`);
  await asAdmin(`CREATE DATABASE ${database}`);
  const owner = withDatabase(tpl.adminUrl, database);
  const server = new URL(owner);
  server.username = role;
  server.password = '';
  t = await createTestApp({ DATABASE_URL: server.toString(), MIGRATION_DATABASE_URL: owner });
});
afterAll(async () => {
  if (!tpl) return;
  await t?.close();
  await asAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await asAdmin(`DROP ROLE IF EXISTS ${role}`);
});

describe.skipIf(!tpl)('audit trail: the server as a role that may only INSERT and SELECT it', () => {
  it('connects as its own role, not the owner', async () => {
    const [who] = (
      (await t.db.execute(
        sql`SELECT current_user AS me, (SELECT tableowner FROM pg_tables WHERE tablename = 'audit_entries') AS owner`,
      )) as unknown as { rows: Array<{ me: string; owner: string }> }
    ).rows;
    expect(who).toEqual({ me: role, owner: 'postgres' });
  });

  it('is ready as that role: it may read the migrations record and write the trail', async () => {
    const res = await t.call('GET', '/api/health/ready');
    expect(res.json).toEqual(READY_BODY);
    expect(res.status).toBe(200);
  });

  it('works: a client created and read, the trail written, a new month, a retention drop; and verifies', async () => {
    const c = await createClient(t, 'coordinator');
    const read = await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect(read.status).toBe(200);
    expect((await auditRows(t)).filter((e) => e.client_id === c.client_id).map((e) => e.action)).toEqual([
      'create',
      'read',
    ]);
    // A month no partition holds yet, and one long past the retention.
    await appendEntries(
      t.db,
      [entry('2010-01-15T10:00:00.000Z'), entry('2031-05-02T10:00:00.000Z')],
      encoderOf(t),
    );
    expect(await dropExpiredPartitions(t.db, t.app.audit, 84)).toEqual(['audit_entries_2010_01']);
    const drop = (await auditRows(t)).at(-1)!;
    expect(drop).toMatchObject({ action: 'retention_drop', details: { partition: 'audit_entries_2010_01' } });
    expect(await verifyTrail(t)).toEqual({ code: 0, message: expect.stringContaining('intact') });
  });

  it('cannot change the trail: UPDATE, DELETE, TRUNCATE of the table and of a partition are refused', async () => {
    const partition = 'audit_entries_2031_05';
    for (const table of ['audit_entries', partition]) {
      const id = sql.identifier(table);
      for (const statement of [
        sql`UPDATE ${id} SET outcome = 'refused'`,
        sql`DELETE FROM ${id}`,
        sql`TRUNCATE ${id}`,
        sql`ALTER TABLE ${id} DISABLE TRIGGER USER`,
        sql`DROP TABLE ${id}`,
      ])
        await expect(t.db.execute(statement)).rejects.toThrow();
      // Refused by its rights, not only by the triggers (which the owner could turn off).
      const [rights] = (
        (await t.db.execute(
          sql`SELECT has_table_privilege(${table}, 'INSERT') AS ins, has_table_privilege(${table}, 'SELECT') AS sel,
                     has_table_privilege(${table}, 'UPDATE') AS upd, has_table_privilege(${table}, 'DELETE') AS del,
                     has_table_privilege(${table}, 'TRUNCATE') AS trunc`,
        )) as unknown as { rows: Array<Record<string, boolean>> }
      ).rows;
      expect(rights).toEqual({ ins: true, sel: true, upd: false, del: false, trunc: false });
    }
    // The inbox of changes' entries: written and moved into the chain (deleted), never edited nor
    // emptied wholesale.
    const [inbox] = (
      (await t.db.execute(
        sql`SELECT has_table_privilege('audit_inbox', 'INSERT') AS ins, has_table_privilege('audit_inbox', 'DELETE') AS del,
                   has_table_privilege('audit_inbox', 'UPDATE') AS upd, has_table_privilege('audit_inbox', 'TRUNCATE') AS trunc`,
      )) as unknown as { rows: Array<Record<string, boolean>> }
    ).rows;
    expect(inbox).toEqual({ ins: true, del: true, upd: false, trunc: false });
    await expect(t.db.execute(sql`TRUNCATE audit_inbox`)).rejects.toThrow();
    // Nor turn the triggers off, nor change the retention the drop enforces.
    await expect(t.db.execute(sql`SET session_replication_role = replica`)).rejects.toThrow();
    await expect(t.db.execute(sql`UPDATE audit_policy SET retention_months = 1`)).rejects.toThrow();
    expect((await verifyTrail(t)).code).toBe(0);
  });

  it('cannot use the partition drop for a month the retention keeps, nor for anything else', async () => {
    const thisMonth = `audit_entries_${new Date().toISOString().slice(0, 7).replace('-', '_')}`;
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'done',
        (err: Error) => ((err.cause as Error | undefined) ?? err).message,
      );
    for (const name of [thisMonth, 'audit_entries_2031_05'])
      expect(await refusal(sql`SELECT * FROM audit_drop_partition(${name})`)).toBe(
        `audit partition ${name} is within the retention`,
      );
    for (const name of ['clients', 'audit_entries', 'audit_entries_1999_01', 'audit_entries_2031_05; x'])
      expect(await refusal(sql`SELECT * FROM audit_drop_partition(${name})`)).toBe(
        `not an audit partition: ${name}`,
      );
    expect(await refusal(sql`SELECT audit_partition_for('2031-06-15'::date)`)).toBe(
      'not the first day of a month: 2031-06-15',
    );
    expect((await verifyTrail(t)).code).toBe(0);
  });
});
