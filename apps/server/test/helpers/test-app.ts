import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openPglite, openPostgres, type Database } from '../../src/db/database.ts';
import { openConfiguredDatabase } from '../../src/db/open.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../src/db/seed/demo.ts';
import { users } from '../../src/db/schema/users.ts';
import { createServerActorCache } from '../../src/lib/change-notices.ts';
import { insertSession } from '../../src/modules/auth/auth.repository.ts';
import { createClientDataCrypto, parseMasterKey, parseMasterKeys } from '../../src/lib/client-data-crypto.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { createSigners } from '../../src/lib/signers.ts';
import { pino } from 'pino';
import { withDatabase } from './global-setup.ts';
import { startMailbox } from './mailbox.ts';

/** A fixed key, so a test can read the raw row and check the SIN is not stored in plain text. */
export const TEST_CLIENT_DATA_KEY = '6a'.repeat(32);
/** The audit chain's key of every test app. */
export const TEST_AUDIT_CHAIN_KEY = 'test-audit-chain-key-test-audit-chain-key';

export type DemoUserKey = 'admin' | 'coordinator' | 'coordinator2' | 'reporter';
export { DEMO_PASSWORD };

/** A database of its own for one test file: a template copy on PostgreSQL, a restored dump on PGlite. */
async function openTestDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const tpl = inject('pgTemplate');
  if (tpl) {
    const name = `${tpl.template.replace('_tpl_', '_f_')}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: tpl.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${tpl.template}`);
    await admin.end();
    const url = withDatabase(tpl.adminUrl, name);
    const database = await openPostgres(url);
    return {
      database,
      url,
      drop: async () => {
        const a = new pg.Client({ connectionString: tpl.adminUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDump')!);
  const database = await openPglite({ loadDataDir: new Blob([dump]) });
  return { database, drop: async () => {} };
}

/**
 * The real app on a fresh, migrated, demo-seeded database, with a real SMTP mailbox and its own
 * audit checkpoint file. `env` overrides configuration (e.g. NODE_ENV=production to test what
 * demo mode hides; a DATABASE_URL or DATA_DIR of its own, migrated as the app's start does); `audit` the
 * trail's settings no variable sets (a writer that never writes on its own).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  audit: Partial<Config['audit']> = {},
  /** The process's logger, for a test that reads what the server logs. */
  loggerInstance?: FastifyBaseLogger,
) {
  const mailbox = await startMailbox();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-test-app-'));
  const baseEnv: Record<string, string> = {
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mailbox.port),
    APP_URL: 'http://cairn.test',
    CLIENT_DATA_KEY: TEST_CLIENT_DATA_KEY,
    AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
    AUDIT_CHECKPOINT_FILE: path.join(tmp, 'audit-checkpoints.log'),
    DATA_DIR: path.join(tmp, 'data'),
    ...env,
  };
  /** The app's configuration, or another process's with `more` variables (a key rotation's). */
  const configOf = (more: Record<string, string> = {}): Config => {
    const c = loadConfig({ ...baseEnv, ...more });
    c.audit = { ...c.audit, ...audit };
    return c;
  };
  const config = configOf();
  // A database the test names (DATABASE_URL, or an embedded one in its own DATA_DIR): opened as
  // the server opens it; else a fresh copy of the migrated one.
  const { database, url, drop } =
    env.DATABASE_URL || env.DATA_DIR ? await openConfigured(config) : await openTestDatabase();
  await seedDemo(database.db);
  const silent = pino({ level: 'silent' });
  /** Each server's own cache of signed-in sessions, kept true across servers as main.ts's is. */
  const actorCache = () =>
    createServerActorCache(url ? { kind: 'postgres', url } : { kind: 'pglite' }, silent);
  /** The client data keys of a configuration: its current key and the previous ones it lists. */
  const cryptoOf = (c: Config) =>
    createClientDataCrypto(parseMasterKey(c.clientDataKey!), parseMasterKeys(c.clientDataKeysPrevious));
  const clientCrypto = cryptoOf(config);
  const mailer = createMailer(config.smtp, silent);
  // The server's clock for dashboard links: a test moves it forward to expire a link without waiting.
  let clockOffsetMs = 0;
  const contextOf = (c: Config) => ({
    config: c,
    dbKind: database.kind,
    mailer,
    clientCrypto: c === config ? clientCrypto : cryptoOf(c),
    ...createSigners(c, () => Date.now() + clockOffsetMs),
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  const context = contextOf(config);
  const { tokens } = context;
  const app: FastifyInstance = await buildApp(
    { ...context, db: database.db, actors: actorCache() },
    { webDistDir: '/nonexistent', ...(loggerInstance ? { loggerInstance } : {}) },
  );
  await app.ready();
  // The daily jobs' runs at start (audit retention, clean-ups) are over before a test writes
  // what they would change.
  await app.dailyJobs.settled();

  const demo = {} as Record<DemoUserKey, { userId: number; email: string; centreId: number | null }>;
  for (const u of DEMO_USERS) {
    const [row] = await database.db
      .select({ userId: users.userId, centreId: users.centreId })
      .from(users)
      .where(and(eq(users.email, u.email), isNull(users.deletedAt)));
    demo[u.email.split('@')[0] as DemoUserKey] = {
      userId: row!.userId,
      email: u.email,
      centreId: row!.centreId,
    };
  }

  /** One session per user and token version, opened on first use (a sign-in without a password). */
  const sessions = new Map<string, number>();
  /** An access token for any user id, signed as the app signs them, in a session of the user's. */
  async function tokenForId(userId: number): Promise<string> {
    const [row] = await database.db
      .select({ v: users.tokenVersion })
      .from(users)
      .where(eq(users.userId, userId));
    const version = row?.v ?? 0;
    const key = `${userId}:${version}`;
    let sessionId = sessions.get(key);
    if (sessionId === undefined && row) {
      sessionId = (await insertSession(database.db, userId, 7 * 24 * 60 * 60)).sessionId;
      sessions.set(key, sessionId);
    }
    return tokens.sign({ userId, version, sessionId: sessionId ?? 0 });
  }

  /** `app.inject` with an optional bearer token (a demo user's key, or a raw token). */
  const call = callOn(app);
  function callOn(server: FastifyInstance) {
    return async (
      method: InjectOptions['method'],
      url: string,
      options: { as?: DemoUserKey; token?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const token = options.token ?? (options.as ? await tokenForId(demo[options.as].userId) : undefined);
      const res = await server.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
        ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
      });
      let json: any = undefined;
      try {
        json = res.json();
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, json, headers: res.headers, body: res.body, bytes: res.rawPayload };
    };
  }

  /**
   * A second server on the same database, as another process behind the load balancer would be:
   * its own app and, on PostgreSQL, its own connection pool (PGlite serves one process only).
   * `env` sets variables of its own (another JWT_SECRET, AUDIT_CHAIN_KEY or CLIENT_DATA_KEY: a
   * rotation under way).
   */
  async function secondServer(env: Record<string, string> = {}) {
    const other = url ? await openPostgres(url) : database;
    const own = Object.keys(env).length > 0 ? contextOf(configOf(env)) : context;
    const server = await buildApp(
      { ...own, db: other.db, actors: actorCache() },
      { webDistDir: '/nonexistent' },
    );
    await server.ready();
    await server.dailyJobs.settled();
    return {
      server,
      config: own.config,
      tokens: own.tokens,
      dashboardLinks: own.dashboardLinks,
      call: callOn(server),
      async close() {
        await server.close();
        if (other !== database) await other.close();
      },
    };
  }

  return {
    app,
    database,
    db: database.db,
    dbKind: database.kind,
    config,
    clientCrypto,
    mailbox,
    demo,
    tokenForId,
    call,
    secondServer,
    /** Moves the server's clock (dashboard links, follow-ups' statuses, My work's today) `ms` forward. */
    advanceClock(ms: number) {
      clockOffsetMs += ms;
    },
    /**
     * Closes the app and its database, then fails when a change was answered without its audit
     * entry written in its own transaction (plugins/audit.ts): every test file checks it.
     */
    async close() {
      const unrecorded = app.audit.unrecordedChanges;
      await app.close();
      await database.close().catch(() => {}); // a test may have closed it already
      mailer.close();
      await mailbox.close();
      await drop();
      fs.rmSync(tmp, { recursive: true, force: true });
      if (unrecorded > 0) throw new Error(`${unrecorded} change(s) answered without their audit entry`);
    },
  };
}

/** The database `config` names, migrated as the app's start migrates it; the test drops it. */
async function openConfigured(config: Config) {
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const url = config.database.kind === 'postgres' ? config.database.url : undefined;
  return { database, url, drop: async () => {} };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
