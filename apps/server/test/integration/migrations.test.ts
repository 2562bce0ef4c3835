import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/database.ts';
import { createClientDataCrypto, parseMasterKey } from '../../src/lib/client-data-crypto.ts';
import { keyStoredDigests } from '../../src/modules/attachments/attachment-digests.service.ts';
import type { Dashboard } from '@cairn/shared/reporting.schemas';
import { DASHBOARD_SQL } from '../../src/modules/reporting/reporting-dashboards.repository.ts';
import type { DashboardRow } from '../../src/modules/reporting/reporting-rows.repository.ts';
import { pino } from 'pino';
import { auditVerify } from '../../src/cli/audit-verify.ts';
import { loadConfig } from '../../src/config.ts';
import { chain } from '../../src/modules/audit/audit-chain.service.ts';
import { startCheckpoints } from '../../src/modules/audit/audit-checkpoint.service.ts';
import { encoderOnThread } from '../../src/modules/audit/audit-encoder.service.ts';
import { writerChainKey } from '../../src/modules/audit/audit-key.service.ts';
import { dropExpiredPartitions } from '../../src/modules/audit/audit-retention.service.ts';
import {
  appendEntries,
  createAuditWriter,
  type PendingEntry,
} from '../../src/modules/audit/audit-writer.service.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { readEntry } from '../helpers/audit.ts';
import {
  outcomesReferenceSql,
  plansReferenceSql,
  supportsReferenceSql,
} from '../support/reporting-plans-reference.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/db/migrations');
/** 0009 as it first landed, before it was rewritten in place (row-level triggers). */
const FIRST_0009 = path.resolve(
  import.meta.dirname,
  '../fixtures/0009_plan-status-triggers.first-version.sql',
);

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

/**
 * A migrations folder holding the migrations up to `last` (its journal index), as a database saw
 * them then; `replaced` gives another file for a migration, by tag.
 */
function folderUpTo(last: number, replaced: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    fs.copyFileSync(replaced[tag] ?? path.join(MIGRATIONS, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  }
  return dir;
}

/** A migrations folder holding 0000–0009 with the first version of 0009, as a database saw it then. */
const folderWithFirst0009 = () => folderUpTo(9, { '0009_plan-status-triggers': FIRST_0009 });

/** Migrates `database` with the migrations of `folder`, then removes the folder. */
async function migrateWith(database: Database, folder: string): Promise<void> {
  try {
    await migrateFrom(database, folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Each test migrates whole databases from nothing, which on PGlite takes most of the default
 * 30 seconds when the whole suite runs on a busy machine.
 */
const MIGRATING = { timeout: 120_000 };

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** An empty database of the kind this run tests: a new PostgreSQL database, or an in-memory PGlite. */
async function emptyDatabase(): Promise<Database> {
  const tpl = inject('pgTemplate');
  if (!tpl) {
    const database = await openPglite();
    opened.push(() => database.close());
    return database;
  }
  const name = `${tpl.template.replace('_tpl_', '_f_')}_m${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: tpl.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openPostgres(withDatabase(tpl.adminUrl, name));
  opened.push(async () => {
    await database.close();
    const a = new pg.Client({ connectionString: tpl.adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  return database;
}

/** The rows of a raw statement, typed by the caller (both drivers answer `{ rows }`). */
async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function migrateFrom(database: Database, migrationsFolder: string): Promise<void> {
  // Both migrators take the drizzle database they were made for; `db` is that database.
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder });
  else await migratePg(database.db as never, { migrationsFolder });
}

/** The plan-status triggers and functions as the catalogue describes them. */
async function planStatusObjects(database: Database) {
  const triggers = await rowsOf<{ name: string; type: number; function: string }>(
    database,
    sql`
    select t.tgname as name, t.tgtype as type, p.proname as function
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid
     where t.tgrelid = 'outcomes'::regclass and not t.tgisinternal
     order by t.tgname`,
  );
  const functions = await rowsOf<{ name: string; source: string }>(
    database,
    sql`
    select proname as name, prosrc as source from pg_proc
     where proname like 'outcomes\_%' order by proname`,
  );
  return { triggers, functions };
}

/** A client with one plan; inserting an outcome must close it, deleting it must reopen it. */
async function planStatusFollowsOutcome(database: Database): Promise<string[]> {
  const one = async <T>(query: SQL) => (await rowsOf<T>(database, query))[0]!;
  const { centre_id: centreId } = await one<{ centre_id: number }>(
    sql`insert into centres (name, phone) values ('Mend test centre', '7055550100') returning centre_id`,
  );
  const { client_id: clientId } = await one<{ client_id: number }>(sql`
    insert into clients (first_name, last_name, centre_id, consent, missing_info, search_text, name_key)
    values ('Ada', 'Mend', ${centreId}, true, false, 'ada mend', 'mend ada') returning client_id`);
  const { plan_id: planId } = await one<{ plan_id: number }>(sql`
    insert into plans (client_id, date, current_employment) values (${clientId}, '2026-01-05', 'Unemployed')
    returning plan_id`);
  const status = async () =>
    (await one<{ status: string }>(sql`select status from plans where plan_id = ${planId}`)).status;
  const seen = [await status()];
  await database.db.execute(sql`
    insert into outcomes (plan_id, date, program_outcome, post_program_status, received_certificate)
    values (${planId}, '2026-02-01', 'Complete', 'Employed', 'No')`);
  seen.push(await status());
  await database.db.execute(sql`delete from outcomes where plan_id = ${planId}`);
  seen.push(await status());
  return seen;
}

describe('migration 0010 mends a database migrated with the first version of 0009', MIGRATING, () => {
  it('leaves such a database with the same triggers and functions as a new one', async () => {
    const fresh = await emptyDatabase();
    await fresh.migrate();

    const old = await emptyDatabase();
    await migrateWith(old, folderWithFirst0009());
    const before = await planStatusObjects(old);
    // The old state really is the old one: row-level triggers on the singular functions.
    expect(before.functions.map((f) => f.name)).toEqual(['outcomes_close_plan', 'outcomes_reopen_plan']);

    await old.migrate();
    const after = await planStatusObjects(old);
    expect(after).toEqual(await planStatusObjects(fresh));
    expect(after.functions.map((f) => f.name)).toEqual(['outcomes_close_plans', 'outcomes_reopen_plans']);
    expect(await planStatusFollowsOutcome(old)).toEqual(['Open', 'Closed', 'Open']);
    expect(await planStatusFollowsOutcome(fresh)).toEqual(['Open', 'Closed', 'Open']);
  });
});

describe("migration 0011 marks each list's 'Other' item", MIGRATING, () => {
  const flagged = (database: Database) =>
    rowsOf<{ kind: string; name: string }>(
      database,
      sql`
      select 'barriers' as kind, name from barriers where is_other
      union all select 'supports', name from supports where is_other
      union all select 'trainings', name from trainings where is_other
      order by kind`,
    );

  it("sets is_other on the rows named 'Other', whatever their case, and on no other row", async () => {
    const database = await emptyDatabase();
    await migrateWith(database, folderUpTo(10));
    // Data as a database may hold it before 0011: one 'Other' written otherwise, and items whose
    // names only resemble it.
    await database.db.execute(sql`update trainings set name = 'OTHER' where name = 'Other'`);
    await database.db.execute(sql`
      insert into barriers (name, category) values ('Others', 'Personal'), ('Other barrier', 'Health')`);
    await database.db.execute(sql`insert into supports (name, category) values (' Other help', 'Misc')`);

    await database.migrate();
    expect(await flagged(database)).toEqual([
      { kind: 'barriers', name: 'Other' },
      { kind: 'supports', name: 'Other' },
      { kind: 'trainings', name: 'OTHER' },
    ]);
    const [counts] = await rowsOf<Record<string, number>>(
      database,
      sql`
      select (select count(*)::int from barriers where not is_other) as barriers,
             (select count(*)::int from supports where not is_other) as supports,
             (select count(*)::int from trainings where not is_other) as trainings`,
    );
    expect(counts!.barriers).toBeGreaterThan(2);
    expect(counts!.supports).toBeGreaterThan(1);
    expect(counts!.trainings).toBeGreaterThan(1);
  });

  it('leaves a new database with one flagged item per list', async () => {
    const database = await emptyDatabase();
    await database.migrate();
    expect((await flagged(database)).map((r) => r.kind)).toEqual(['barriers', 'supports', 'trainings']);
  });
});

describe('migration 0019 counts the records already there into the plans rollups', MIGRATING, () => {
  it('leaves rollups from which each dashboard equals the statements on the records', async () => {
    const database = await emptyDatabase();
    await migrateWith(database, folderUpTo(17));
    // Forty clients in two centres, a plan each on dates around a fiscal year's edges; every
    // third plan closed (one outcome dated before its plan), and records of every kind under them.
    await database.db.execute(sql`
      WITH c AS (INSERT INTO centres (name, phone) VALUES ('Rollup one', '7055550101'), ('Rollup two', '7055550102')
                 RETURNING centre_id),
           cs AS (SELECT array_agg(centre_id ORDER BY centre_id) AS ids FROM c)
      INSERT INTO clients (first_name, last_name, centre_id, consent, missing_info, search_text, name_key)
      SELECT 'Ada', 'Rollup ' || i, cs.ids[1 + i % 2], true, false, 'ada rollup', 'rollup ada'
        FROM generate_series(1, 40) i, cs`);
    await database.db.execute(sql`
      INSERT INTO plans (client_id, date, current_employment)
      SELECT client_id, date '2025-01-15' + (client_id * 23) % 500,
             (ARRAY['Unemployed', 'Employed', NULL])[1 + client_id % 3]
        FROM clients WHERE last_name LIKE 'Rollup %'`);
    await database.db.execute(sql`
      INSERT INTO outcomes (plan_id, date, program_outcome, incomplete_reason, post_program_status, received_certificate)
      SELECT plan_id, CASE WHEN plan_id % 9 = 0 THEN date - 10 ELSE date + plan_id * 7 END,
             'Incomplete', 'Moved', 'Returned to school', CASE WHEN plan_id % 2 = 0 THEN 'Yes' ELSE 'No' END
        FROM plans WHERE plan_id % 3 = 0`);
    await database.db.execute(sql`
      INSERT INTO plan_supports (plan_id, support_id, position)
      SELECT p.plan_id, s.support_id, 1 FROM plans p, (SELECT support_id FROM supports ORDER BY 1 LIMIT 3) s
       WHERE (p.plan_id + s.support_id) % 2 = 0`);
    await database.db.execute(sql`
      INSERT INTO plan_barriers (plan_id, barrier_id, position)
      SELECT p.plan_id, b.barrier_id, 1 FROM plans p, (SELECT barrier_id FROM barriers ORDER BY 1 LIMIT 2) b`);
    await database.db.execute(sql`
      INSERT INTO plan_trainings (plan_id, training_id, date, noc)
      SELECT plan_id, (SELECT min(training_id) FROM trainings), date + 30, CASE WHEN plan_id % 2 = 0 THEN '1234' END
        FROM plans`);
    await database.db.execute(sql`
      INSERT INTO spendings (plan_id, date, item, value) SELECT plan_id, date + 5, 'Boots', plan_id * 1.25 FROM plans`);

    await database.migrate();
    const centres = await rowsOf<{ id: number }>(
      database,
      sql`SELECT centre_id AS id FROM centres WHERE name LIKE 'Rollup %' ORDER BY 1`,
    );
    const scopes = [
      { allCentres: true, centreId: null },
      ...centres.map((c) => ({ allCentres: false, centreId: c.id })),
    ];
    const reference = {
      plans: plansReferenceSql,
      outcomes: outcomesReferenceSql,
      supports_trainings: supportsReferenceSql,
    };
    for (const [name, referenceSql] of Object.entries(reference)) {
      for (const [start, end] of [
        ['2025-04-01', '2026-03-31'],
        ['2025-03-31', '2025-03-31'],
        ['1900-01-01', '2099-12-31'],
      ] as const) {
        for (const scope of scopes) {
          const r = { start, end, scope };
          const got = await rowsOf<DashboardRow>(database, DASHBOARD_SQL[name as Dashboard](r));
          const want = await rowsOf<DashboardRow>(database, referenceSql(r));
          expect(
            got.map((x) => ({ ...x, value: Number(x.value) })),
            `${name} ${start} ${scope.centreId}`,
          ).toEqual(want.map((x) => ({ ...x, value: Number(x.value) })));
        }
      }
    }
    const [plans] = await rowsOf<{ n: number }>(
      database,
      sql`SELECT sum(opened)::int AS n FROM report_plan_days WHERE grain = 'd'`,
    );
    expect(plans!.n).toBe(40);
  });
});

describe('migration 0022 keys the audit chain from then on', MIGRATING, () => {
  const entry = (at: string, n: number): PendingEntry => readEntry(n, { at, details: { n } });

  it('keeps the unkeyed entries written before it verifiable, keyed ones after, a retention drop among them', async () => {
    const old = await emptyDatabase();
    await migrateWith(old, folderUpTo(21));
    // A trail as the server wrote it before: plain SHA-256, fourteen columns, an old month and this one.
    const now = new Date().toISOString();
    const unkeyed = chain(null, [
      entry('2010-01-10T10:00:00.000Z', 1),
      entry('2010-01-11T10:00:00.000Z', 2),
      entry(now, 3),
    ]);
    for (const e of unkeyed) {
      await old.db.execute(sql`SELECT audit_partition_for(${`${e.at.slice(0, 7)}-01`}::date)`);
      await old.db
        .execute(sql`INSERT INTO audit_entries (seq, at, user_id, role_id, action, record_kind, record_id,
          client_id, address, user_agent, outcome, details, prev_hash, hash)
        VALUES (${e.seq}, ${e.at}::timestamptz, NULL, NULL, ${e.action}, ${e.recordKind}, ${e.recordId}, ${e.clientId},
          ${e.address}, NULL, ${e.outcome}, ${JSON.stringify(e.details)}::jsonb, ${e.prevHash}, ${e.hash})`);
    }
    await old.migrate();
    const policy = await rowsOf<{ unkeyed_until: string; retention_months: number }>(
      old,
      sql`SELECT unkeyed_until::text AS unkeyed_until, retention_months FROM audit_policy`,
    );
    expect(policy).toEqual([{ unkeyed_until: '3', retention_months: 84 }]);
    // The partitions made before the migration refuse TRUNCATE too.
    await expect(old.db.execute(sql`TRUNCATE audit_entries_2010_01`)).rejects.toThrow();
    await expect(old.db.execute(sql`TRUNCATE audit_entries`)).rejects.toThrow();

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-trail-'));
    try {
      const config = loadConfig({
        AUDIT_CHAIN_KEY: 'a-chain-key-for-the-migrated-trail-0123456789',
        AUDIT_CHECKPOINT_FILE: path.join(dir, 'checkpoints.log'),
        DATA_DIR: dir,
      });
      const key = writerChainKey(config);
      // As the server does: checkpoints from its start, the last at its close.
      const log = pino({ level: 'silent' });
      const checkpoints = startCheckpoints(old.db, key, config.audit.checkpointFile, log, 3_600_000);
      await appendEntries(old.db, [entry(now, 4), entry(now, 5)], encoderOnThread(key));
      const writer = createAuditWriter(old.db, key, log, 3_600_000);
      expect(await dropExpiredPartitions(old.db, writer, 84)).toEqual(['audit_entries_2010_01']);
      await writer.close();
      await checkpoints.stop();
      const rows = await rowsOf<{ seq: number; key_id: string | null; action: string }>(
        old,
        sql`SELECT seq::int AS seq, key_id, action FROM audit_entries ORDER BY seq`,
      );
      expect(rows.map((r) => [r.seq, r.key_id === null ? 'unkeyed' : 'keyed'])).toEqual([
        [3, 'unkeyed'],
        [4, 'keyed'],
        [5, 'keyed'],
        [6, 'keyed'],
      ]);
      expect(rows.at(-1)!.action).toBe('retention_drop');
      const verified = await auditVerify(old.db, config);
      expect(verified).toEqual({
        code: 0,
        message: 'Audit trail intact: 4 entries checked; 1 checkpoint matched.',
      });
      expect(JSON.parse(fs.readFileSync(config.audit.checkpointFile, 'utf8'))).toMatchObject({ seq: 6 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migration 0023 opens a session for each live refresh token', MIGRATING, () => {
  it('keeps live tokens usable in sessions of their own and drops dead ones', async () => {
    const database = await emptyDatabase();
    await migrateWith(database, folderUpTo(21));
    const one = async <T>(query: SQL) => (await rowsOf<T>(database, query))[0]!;
    const { user_id: userId } = await one<{ user_id: number }>(sql`
      insert into users (first_name, last_name, email, role_id)
      values ('Ada', 'Session', 'ada.session@example.ca', 2) returning user_id`);
    await database.db.execute(sql`
      insert into refresh_tokens (user_id, token_hash, expires_at, revoked_at) values
        (${userId}, 'live-1', now() + interval '1 day', null),
        (${userId}, 'live-2', now() + interval '2 days', null),
        (${userId}, 'revoked', now() + interval '1 day', now()),
        (${userId}, 'expired', now() - interval '1 day', null)`);
    await migrateFrom(database, MIGRATIONS);

    const tokens = await rowsOf<{ token_hash: string; session_id: number; same_expiry: boolean }>(
      database,
      sql`select t.token_hash, t.session_id::int as session_id, t.expires_at = s.expires_at as same_expiry
            from refresh_tokens t join auth_sessions s on s.id = t.session_id
           where s.user_id = ${userId} and s.revoked_at is null order by t.token_hash`,
    );
    expect(tokens.map((r) => [r.token_hash, r.same_expiry])).toEqual([
      ['live-1', true],
      ['live-2', true],
    ]);
    expect(new Set(tokens.map((r) => r.session_id)).size).toBe(2);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from refresh_tokens`)).n).toBe(2);
    // New sessions take ids after the carried ones.
    const { id } = await one<{ id: number }>(sql`
      insert into auth_sessions (user_id, expires_at) values (${userId}, now() + interval '1 day')
      returning id::int as id`);
    expect(id).toBeGreaterThan(Math.max(...tokens.map((r) => r.session_id)));
  });
});

describe('migration 0025 leaves the digests stored before it to be keyed at start', MIGRATING, () => {
  it('marks the rows there unkeyed, new ones keyed, and the start keys the old ones', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
    ) as Journal;
    const own = journal.entries.find((e) => e.tag.endsWith('_attachment-keyed-digests'))!;
    const database = await emptyDatabase();
    await migrateWith(
      database,
      folderUpTo(Math.max(...journal.entries.filter((e) => e.idx < own.idx).map((e) => e.idx))),
    );
    const one = async <T>(query: SQL) => (await rowsOf<T>(database, query))[0]!;
    const { centre_id: centreId } = await one<{ centre_id: number }>(
      sql`insert into centres (name, phone) values ('Digest centre', '7055550100') returning centre_id`,
    );
    const { client_id: clientId } = await one<{ client_id: number }>(sql`
      insert into clients (first_name, last_name, centre_id, consent, missing_info, search_text, name_key)
      values ('Ada', 'Digest', ${centreId}, true, false, 'ada digest', 'digest ada') returning client_id`);
    const plain = crypto.createHash('sha256').update('%PDF-1.4 old file').digest('hex');
    const insert = (sha256: string | null, complete: boolean) =>
      one<{ id: number }>(sql`
        insert into attachments (client_id, name, content_type, size, chunk_count, sha256, complete)
        values (${clientId}, 'old.pdf', 'application/pdf', 17, 1, ${sha256}, ${complete})
        returning attachment_id as id`);
    const old = await insert(plain, true);
    const pending = await insert(null, false);

    await database.migrate();
    const stateOf = (id: number) =>
      one<{ sha256: string | null; keyed: boolean }>(
        sql`select sha256, sha256_keyed as keyed from attachments where attachment_id = ${id}`,
      );
    expect(await stateOf(old.id)).toEqual({ sha256: plain, keyed: false });
    expect((await stateOf(pending.id)).keyed).toBe(false);
    const fresh = await insert(null, false);
    expect((await stateOf(fresh.id)).keyed).toBe(true);

    const keys = createClientDataCrypto(parseMasterKey('6a'.repeat(32)));
    expect(await keyStoredDigests(database.db, keys)).toBe(2);
    expect(await stateOf(old.id)).toEqual({ sha256: keys.fileDigest(plain), keyed: true });
    expect(await stateOf(pending.id)).toEqual({ sha256: null, keyed: true });
    expect(await keyStoredDigests(database.db, keys)).toBe(0);
  });
});
