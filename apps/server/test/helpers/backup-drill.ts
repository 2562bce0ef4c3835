import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { countRows, type BackupManifest, type RunQuery } from '../../src/backup/backup-manifest.ts';
import { postgresIsEmpty } from '../../src/backup/postgres-backup.ts';
import { pgliteIsEmpty, pgliteOf } from '../../src/backup/pglite-backup.ts';
import { auditVerify } from '../../src/cli/audit-verify.ts';
import { loadConfig } from '../../src/config.ts';
import { openPglite } from '../../src/db/database.ts';
import { openConfiguredDatabase } from '../../src/db/open.ts';
import { seedDemoClients } from '../../src/db/seed/demo-clients.ts';
import { DEMO_USERS } from '../../src/db/seed/demo.ts';
import { bigPdf, upload } from './attachments.ts';
import { createClient } from './clients.ts';
import { withDatabase } from './global-setup.ts';
import {
  createTestApp,
  DEMO_PASSWORD,
  TEST_AUDIT_CHAIN_KEY,
  TEST_CLIENT_DATA_KEY,
  type TestApp,
} from './test-app.ts';

/**
 * What the backup drills share (backup-drill.test.ts on the run's database, backup-cross.test.ts
 * from one kind of database to the other): databases of their own, the records a drill backs up,
 * and the checks a restore must pass.
 */
export const DRILL_SIN = '193456787';
export const DRILL_FILE = bigPdf(300_000);

export type DrillEnv = Record<string, string>;

/**
 * A database of the drill's own: a PostgreSQL database (dropped after) when `adminUrl`, else a
 * DATA_DIR under `tmp`; empty, or `migrated` (on PostgreSQL the app's start migrates it).
 */
export async function newDrillDatabase(
  tmp: string,
  label: string,
  { adminUrl, migrated = false }: { adminUrl?: string; migrated?: boolean },
): Promise<{ env: DrillEnv; drop: () => Promise<void> }> {
  if (!adminUrl) {
    const dir = path.join(tmp, label);
    if (migrated) {
      // The run's migrated database loaded into the directory when there is one (quicker), else migrated.
      const dump = inject('pgliteDump');
      const database = await openPglite({
        dataDir: dir,
        loadDataDir: dump ? new Blob([fs.readFileSync(dump)]) : undefined,
      });
      if (!dump) await database.migrate();
      await database.close();
    }
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `cairn_bk_${label}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    env: { DATABASE_URL: withDatabase(adminUrl, name) },
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (force)`);
      await a.end();
    },
  };
}

/** The configuration a restore or a verification runs with, as the commands read it. */
export function drillConfig(checkpointFile: string, env: DrillEnv, overrides: DrillEnv = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    CLIENT_DATA_KEY: TEST_CLIENT_DATA_KEY,
    AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
    AUDIT_CHECKPOINT_FILE: checkpointFile,
    ...env,
    ...overrides,
  });
}

export function isEmptyDatabase(env: DrillEnv) {
  return env.DATABASE_URL ? postgresIsEmpty(env.DATABASE_URL) : pgliteIsEmpty(env.DATA_DIR!);
}

/** Demo clients, and through the API a client with a SIN and a file: what the drills back up. */
export async function seedDrillRecords(t: TestApp): Promise<{ clientId: number; attachmentId: number }> {
  expect(await seedDemoClients(t.db, t.clientCrypto)).toBeGreaterThan(0);
  const client = await createClient(t, 'coordinator', {
    first_name: 'Drill',
    last_name: 'Backup',
    sin: DRILL_SIN,
  });
  const uploaded = await upload(t, 'coordinator', client.client_id, {
    filename: 'consent.pdf',
    content: DRILL_FILE,
  });
  expect(uploaded.status).toBe(201);
  await t.app.audit.flush();
  return { clientId: client.client_id, attachmentId: uploaded.json.attachment_id as number };
}

/** The restored database holds the manifest's rows, and its audit trail verifies. */
export async function expectRestoredRows(config: ReturnType<typeof loadConfig>, manifest: BackupManifest) {
  const database = await openConfiguredDatabase(config);
  try {
    const counts = await countRows(
      async <T>(text: string) =>
        ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows,
    );
    expect(counts).toEqual(manifest.rowCounts);
    const verified = await auditVerify(database.db, config);
    expect(verified.message).toMatch(/^Audit trail intact/);
    expect(verified.code).toBe(0);
  } finally {
    await database.close();
  }
}

/** The restored records served: the same SIN, the same file byte for byte, a sign-in. */
export async function expectServed(
  env: DrillEnv,
  checkpointFile: string,
  records: { clientId: number; attachmentId: number },
) {
  const t = await createTestApp({ ...env, AUDIT_CHECKPOINT_FILE: checkpointFile });
  try {
    const reveal = await t.call('POST', `/api/clients/${records.clientId}/sin/reveal`, { as: 'coordinator' });
    expect(reveal.json).toEqual({ sin: DRILL_SIN });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/attachments/${records.attachmentId}/content`,
      headers: { authorization: `Bearer ${await t.tokenForId(t.demo.coordinator.userId)}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(DRILL_FILE)).toBe(true);
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: DEMO_USERS[0]!.email, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.json.accessToken).toBeTruthy();
  } finally {
    await t.close();
  }
}

/**
 * Every table's rows as one digest of their text (UTC, in a stable order): two databases with the
 * same digests hold the same values, byte for byte, in every column.
 */
export async function tableDigests(query: RunQuery): Promise<Record<string, string>> {
  await query(`SET TimeZone = 'UTC'`);
  const digests: Record<string, string> = {};
  for (const table of Object.keys(await countRows(query))) {
    const name = table.includes('.') ? table.replace('.', '"."') : `public"."${table}`;
    const [row] = await query<{ d: string }>(
      `SELECT md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS d FROM "${name}" x`,
    );
    digests[table] = row!.d;
  }
  return digests;
}

/** The digests of a database the drill names (a client of its own: the time zone holds). */
export async function digestsOf(env: DrillEnv): Promise<Record<string, string>> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return await tableDigests(async <T>(text: string) => (await client.query(text)).rows as T[]);
    } finally {
      await client.end();
    }
  }
  const database = await openPglite({ dataDir: env.DATA_DIR });
  try {
    const client = pgliteOf(database.db);
    return await tableDigests(async <T>(text: string) => (await client.query<T>(text)).rows);
  } finally {
    await database.close();
  }
}
