import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSectionBytes, writeBackupFile } from '../../src/backup/backup-file.ts';
import { readBackup, restoreBackup } from '../../src/backup/backup.service.ts';
import type { BackupManifest } from '../../src/backup/backup-manifest.ts';
import { auditVerify } from '../../src/cli/audit-verify.ts';
import { clientKeyFingerprint, parseMasterKey } from '../../src/lib/client-data-crypto.ts';
import { rotateClientKey } from '../../src/modules/key-rotation/key-rotation.service.ts';
import {
  drillConfig,
  expectRestoredRows,
  expectServed,
  isEmptyDatabase,
  newDrillDatabase,
  seedDrillRecords,
  type DrillEnv,
} from '../helpers/backup-drill.ts';
import { ROOT } from '../helpers/server-process.ts';
import {
  createTestApp,
  TEST_AUDIT_CHAIN_KEY,
  TEST_CLIENT_DATA_KEY,
  type TestApp,
} from '../helpers/test-app.ts';

/**
 * The backup drill (docs/operations.md, "Backups"), on the database the run uses: PostgreSQL
 * with TEST_DATABASE_URL, else the embedded one. Demo data, a SIN and an attachment added through
 * the API, a scheduled backup written by the running server, the database dropped, a restore with
 * the wrong key refused without a write, the restore, and then: the rows as the manifest says, the
 * same SIN, the same file byte for byte, the audit trail verified, a user signing in.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-backup-drill-'));
const OTHER_KEY = '5b'.repeat(32);
const KEY_BESIDE_DATABASE = 'c3'.repeat(32);
const CHECKPOINTS = path.join(tmp, 'restored-checkpoints.log');
const configFor = (env: DrillEnv, overrides: DrillEnv = {}) => drillConfig(CHECKPOINTS, env, overrides);

const drops: Array<() => Promise<void>> = [];
let backupFile: string;
let manifest: BackupManifest;
let records: { clientId: number; attachmentId: number };
let target: { env: DrillEnv };

beforeAll(async () => {
  const source = await newDrillDatabase(tmp, 'source', { adminUrl, migrated: true });
  drops.push(source.drop);
  const backupDir = path.join(tmp, 'backups');
  // A key generated into DATA_DIR sits beside the embedded database: never in a backup.
  if (source.env.DATA_DIR) {
    fs.mkdirSync(source.env.DATA_DIR, { recursive: true });
    fs.writeFileSync(path.join(source.env.DATA_DIR, 'client-data.key'), KEY_BESIDE_DATABASE);
  }
  const t: TestApp = await createTestApp({
    ...source.env,
    BACKUP_DIR: backupDir,
    BACKUP_CRON: '03:30',
    BACKUP_KEEP: '1',
  });
  try {
    records = await seedDrillRecords(t);
    // Written by the running server, as BACKUP_CRON does each day; the older ones beyond BACKUP_KEEP go.
    const older = await t.app.backups.runNow();
    backupFile = await t.app.backups.runNow();
    expect(older).not.toBe(backupFile);
    expect(fs.readdirSync(backupDir)).toEqual([path.basename(backupFile)]);
    expect((await t.call('GET', '/api/health/ready')).json.backup).toBe('ok');
    const metrics = await t.app.metrics.registry.metrics();
    expect(metrics).toMatch(/^cairn_backup_last_success_timestamp_seconds \d/m);
    expect(metrics).toMatch(/^cairn_backup_failures_total 0$/m);
  } finally {
    await t.close();
  }
  manifest = (await readBackup(backupFile)).manifest;
  // The database dropped: the restore goes into a new, empty one.
  await source.drop();
  const fresh = await newDrillDatabase(tmp, 'target', { adminUrl });
  drops.push(fresh.drop);
  target = fresh;
});

afterAll(async () => {
  for (const drop of drops) await drop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe(`backup and restore drill (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('records the keys by fingerprint only, the schema, and the rows of every table', async () => {
    const backup = fs.readFileSync(backupFile);
    expect(manifest.database.kind).toBe(adminUrl ? 'postgres' : 'pglite');
    expect(manifest.keys.clientData).toBe(clientKeyFingerprint(parseMasterKey(TEST_CLIENT_DATA_KEY)));
    // Read as the database's own bytes: the section is compressed (gzip, or pg_dump's).
    const { database } = await readBackup(backupFile);
    const section = await readSectionBytes(backupFile, database);
    const plain = adminUrl
      ? spawnSync('pg_restore', ['--file=-'], { input: section, maxBuffer: 1 << 30 }).stdout
      : gunzipSync(section);
    expect(plain.includes('CREATE TABLE public.clients') || plain.includes('PG_VERSION')).toBe(true);
    for (const secret of [
      TEST_CLIENT_DATA_KEY,
      TEST_AUDIT_CHAIN_KEY,
      KEY_BESIDE_DATABASE,
      'client-data.key',
    ]) {
      expect(backup.includes(secret), secret).toBe(false);
      expect(plain.includes(secret), secret).toBe(false);
    }
    expect(manifest.migrations.last).not.toBeNull();
    expect(manifest.rowCounts.clients).toBeGreaterThan(10);
    expect(manifest.rowCounts.attachments).toBe(1);
  });

  it('refuses, before writing anything, a backup of a newer version and a damaged one', async () => {
    const { database } = await readBackup(backupFile);
    const dbBytes = await readSectionBytes(backupFile, database);
    const variant = async (name: string, edit: (m: BackupManifest) => BackupManifest, bytes = dbBytes) => {
      const file = path.join(tmp, name);
      await writeBackupFile(file, [
        { name: 'manifest.json', bytes: Buffer.from(JSON.stringify(edit(structuredClone(manifest)))) },
        { name: 'audit-checkpoints.log', bytes: Buffer.alloc(0) },
        { name: manifest.database.section, bytes },
      ]);
      return file;
    };
    const newer = await variant('newer.cairn', (m) => ({
      ...m,
      cairnVersion: '99.0.0',
      migrations: { applied: m.migrations.applied + 1, last: null, lastWhen: m.migrations.lastWhen! + 1000 },
    }));
    await expect(restoreBackup(configFor(target.env), newer)).rejects.toThrow(
      /made by a newer version of Cairn \(99\.0\.0\).*Nothing was written/,
    );
    const flipped = Buffer.from(dbBytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const damaged = await variant('damaged.cairn', (m) => m, flipped);
    await expect(restoreBackup(configFor(target.env), damaged)).rejects.toThrow(
      /is damaged.*Nothing was written/,
    );
    expect(await isEmptyDatabase(target.env)).toBe(true);
  });

  it('refuses the wrong client data key before writing anything: the target stays empty', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/restore.ts', backupFile],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: '',
          ...target.env,
          CLIENT_DATA_KEY: OTHER_KEY,
          AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
        },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `This backup needs the client data key with fingerprint ${manifest.keys.clientData}`,
    );
    expect(run.stderr).toContain('Nothing was written');
    if (target.env.DATA_DIR) expect(fs.existsSync(target.env.DATA_DIR)).toBe(false);
  });

  it('left the target empty after the refusal', async () => {
    expect(await isEmptyDatabase(target.env)).toBe(true);
  });

  it('restores: the rows as the manifest says, and the audit trail verifies', async () => {
    const config = configFor(target.env);
    const result = await restoreBackup(config, backupFile);
    expect(result.migrated).toBe(0);
    await expectRestoredRows(config, manifest);
  });

  it('refuses a second restore into the now full database without --force', async () => {
    await expect(restoreBackup(configFor(target.env), backupFile)).rejects.toThrow(/is not empty/);
  });

  it('serves the restored records: the same SIN, the same file byte for byte, a sign-in', async () => {
    await expectServed(target.env, CHECKPOINTS, records);
  });
});

/**
 * The drill after a client data key rotation between the backup and the restore: the centre now
 * runs with a new key, the one the backup was made with listed in CLIENT_DATA_KEYS_PREVIOUS.
 */
describe(`the drill after a client data key rotation (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  const NEW_KEY = '7c'.repeat(32);
  const rotatedKeys = { CLIENT_DATA_KEY: NEW_KEY, CLIENT_DATA_KEYS_PREVIOUS: TEST_CLIENT_DATA_KEY };
  const rotatedCheckpoints = path.join(tmp, 'rotated-checkpoints.log');
  let rotated: { env: DrillEnv };

  beforeAll(async () => {
    const fresh = await newDrillDatabase(tmp, 'rotated', { adminUrl });
    drops.push(fresh.drop);
    rotated = fresh;
  });

  it('refuses the new key alone, naming the fingerprint needed, and writes nothing', async () => {
    const config = drillConfig(rotatedCheckpoints, rotated.env, { CLIENT_DATA_KEY: NEW_KEY });
    await expect(restoreBackup(config, backupFile)).rejects.toThrow(
      new RegExp(
        `needs the client data key with fingerprint ${manifest.keys.clientData}.*Nothing was written`,
      ),
    );
    expect(await isEmptyDatabase(rotated.env)).toBe(true);
  });

  it('restores with the old key listed as previous: rows, audit trail, SIN, file, sign-in', async () => {
    const config = drillConfig(rotatedCheckpoints, rotated.env, rotatedKeys);
    await restoreBackup(config, backupFile);
    await expectRestoredRows(config, manifest);
    await expectServed({ ...rotated.env, ...rotatedKeys }, rotatedCheckpoints, records);
  });

  it('moves the restored records to the new key, which then opens them alone', async () => {
    const t = await createTestApp({
      ...rotated.env,
      ...rotatedKeys,
      AUDIT_CHECKPOINT_FILE: rotatedCheckpoints,
    });
    try {
      const result = await rotateClientKey(t.db, t.clientCrypto);
      expect(result.failed).toBe(0);
      expect(result.attachments).toBe(1);
      expect(result.clients).toBeGreaterThan(0);
      await t.app.audit.flush();
      const verified = await auditVerify(t.db, t.config);
      expect(verified.code, verified.message).toBe(0);
    } finally {
      await t.close();
    }
    // The previous key dropped: the same SIN, the same file, a sign-in.
    await expectServed({ ...rotated.env, CLIENT_DATA_KEY: NEW_KEY }, rotatedCheckpoints, records);
  }, 180_000);
});
