import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { knownMigrations, readySchema, SchemaTooNewError } from '../../src/db/schema-level.ts';
import { DEMO_USERS } from '../../src/db/seed/demo.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { closeOpened, emptyDatabase, MIGRATING, MIGRATIONS, rowsOf } from '../helpers/migrations.ts';
import { ROOT, startServer, stopServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * Upgrades that cannot collide (docs/ARCHITECTURE.md, "Upgrades"): migrations run under an
 * advisory lock, so processes starting together on an empty database all come up with each
 * migration applied once; a schema newer than the build is refused; with MIGRATE_ON_START=off a
 * server waits for `npm run migrate`.
 */
const tpl = inject('pgTemplate');
const KNOWN = knownMigrations(MIGRATIONS);

afterEach(closeOpened);

async function appliedCount(database: Awaited<ReturnType<typeof emptyDatabase>>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    database,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return row!.n;
}

describe('migrations at start', () => {
  it('refuses a schema newer than this build, at start and in `npm run migrate`', MIGRATING, async () => {
    const database = await emptyDatabase();
    expect(await database.migrate()).toBe(KNOWN.length);
    expect(await database.schemaLevel()).toEqual({ state: 'current' });
    expect(await database.migrate()).toBe(0);
    await database.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-version', ${KNOWN.at(-1)!.when + 1000})`,
    );
    expect(await database.schemaLevel()).toMatchObject({ state: 'ahead', known: KNOWN.length });
    await expect(database.migrate()).rejects.toThrow(SchemaTooNewError);
    await expect(database.migrate()).rejects.toThrow(/newer than this version of Cairn/);
    await expect(readySchema(database, { migrateOnStart: false })).rejects.toThrow(SchemaTooNewError);
    expect(await appliedCount(database)).toBe(KNOWN.length + 1);
  });

  it('waits for `npm run migrate` when MIGRATE_ON_START=off, then goes on', MIGRATING, async () => {
    const database = await emptyDatabase();
    expect(await database.schemaLevel()).toEqual({ state: 'behind', pending: KNOWN.length });
    let waited: number | null = null;
    let ready = false;
    const starting = readySchema(database, {
      migrateOnStart: false,
      pollMs: 20,
      onWait: (pending) => (waited = pending),
    }).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waited).toBe(KNOWN.length);
    expect(ready).toBe(false);
    // Nothing was migrated while it waited.
    expect(await database.schemaLevel()).toEqual({ state: 'behind', pending: KNOWN.length });
    await database.migrate();
    await starting;
    expect(ready).toBe(true);
  });
});

describe.skipIf(!tpl)('migrations at start: processes together on one PostgreSQL', () => {
  const PROCESSES = 10;
  let admin: pg.Client;
  let name: string;
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    if (!tpl) return;
    name = `${tpl.template.replace('_tpl_', '_f_')}_start_${crypto.randomBytes(3).toString('hex')}`;
    admin = new pg.Client({ connectionString: tpl.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url = withDatabase(tpl.adminUrl, name);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-start-'));
  });

  afterAll(async () => {
    if (!tpl) return;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`starts ${PROCESSES} servers at once on an empty database: all come up, each migration applied once`, async () => {
    const servers: ServerProcess[] = [];
    try {
      const started = await Promise.allSettled(
        Array.from({ length: PROCESSES }, () =>
          startServer({ databaseUrl: url, dataDir, timeoutMs: 150_000 }),
        ),
      );
      for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
      const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failures).toEqual([]);
      expect(servers).toHaveLength(PROCESSES);
      for (const s of servers) expect((await fetch(`${s.base}/api/health`)).status).toBe(200);

      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const applied = await db.query<{ created_at: string; n: number }>(
          'SELECT created_at::text, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY created_at ORDER BY created_at',
        );
        expect(applied.rows.map((r) => [Number(r.created_at), r.n])).toEqual(KNOWN.map((m) => [m.when, 1]));
        // The demo data was seeded once too.
        const users = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
        expect(users.rows[0]!.n).toBe(DEMO_USERS.length);
      } finally {
        await db.end();
      }
    } finally {
      await Promise.all(servers.map(stopServer));
    }
  }, 240_000);

  it('`npm run migrate` migrates alone, then finds nothing to do; a server started without migrating waits for it', async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const migrate = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/migrate.ts'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir },
      });
    const waiting = startServer({
      databaseUrl: url,
      dataDir,
      env: { MIGRATE_ON_START: 'off', LOG_LEVEL: 'warn' },
      timeoutMs: 120_000,
    });
    // The server waits, saying why, without migrating.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const before = await db.query<{ migrated: boolean }>(
      `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated`,
    );
    await db.end();
    expect(before.rows[0]!.migrated).toBe(false);
    const first = migrate();
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain(`Applied ${KNOWN.length} migrations: the schema is current.`);
    expect(first.status).toBe(0);
    const server = await waiting;
    try {
      expect(server.output()).toContain('waiting for `npm run migrate`');
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      const again = migrate();
      expect(again.stdout).toContain('The schema is current: no migration to apply.');
      expect(again.status).toBe(0);
    } finally {
      await stopServer(server);
    }
  }, 240_000);
});
