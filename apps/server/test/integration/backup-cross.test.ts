import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackup, restoreBackup, writeBackup } from '../../src/backup/backup.service.ts';
import { configuredKeyFingerprints } from '../../src/backup/backup-keys.ts';
import type { BackupManifest } from '../../src/backup/backup-manifest.ts';
import { migrationsUpTo } from '../../src/backup/cross-schema.ts';
import { openConfiguredDatabase } from '../../src/db/open.ts';
import { BUILD_MIGRATIONS } from '../../src/db/schema-level.ts';
import {
  digestsOf,
  drillConfig,
  expectRestoredRows,
  expectServed,
  isEmptyDatabase,
  newDrillDatabase,
  seedDrillRecords,
  type DrillEnv,
} from '../helpers/backup-drill.ts';
import { ROOT } from '../helpers/server-process.ts';
import { createTestApp, TEST_AUDIT_CHAIN_KEY, TEST_CLIENT_DATA_KEY } from '../helpers/test-app.ts';

/**
 * The drill across kinds of database (docs/operations.md, "Moving between the embedded database
 * and PostgreSQL"): a PostgreSQL backup restored into a fresh embedded database, then that
 * database backed up and restored into a fresh PostgreSQL database. At each step: the rows as
 * the manifest says, every table's values the same as the source's, the same SIN, the same file
 * byte for byte, the audit trail verified, a sign-in; and the refusals (a wrong key, a target that
 * is not empty) before anything is written.
 *
 * It needs PostgreSQL: skipped without TEST_DATABASE_URL (CI runs the server tests on both).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-backup-cross-'));
const OTHER_KEY = '5b'.repeat(32);
const checkpointsOf = (label: string) => path.join(tmp, `${label}-checkpoints.log`);

const drops: Array<() => Promise<void>> = [];
let records: { clientId: number; attachmentId: number };
let fromPostgres: { file: string; manifest: BackupManifest; digests: Record<string, string> };
let embedded: { env: DrillEnv; drop: () => Promise<void> };

beforeAll(async () => {
  if (!adminUrl) return;
  const source = await newDrillDatabase(tmp, 'xsource', { adminUrl });
  drops.push(source.drop);
  const backupDir = path.join(tmp, 'backups');
  const t = await createTestApp({ ...source.env, BACKUP_DIR: backupDir, BACKUP_CRON: '03:30' });
  let file: string;
  try {
    records = await seedDrillRecords(t);
    file = await t.app.backups.runNow();
  } finally {
    await t.close();
  }
  fromPostgres = { file, manifest: (await readBackup(file)).manifest, digests: await digestsOf(source.env) };
  await source.drop();
  embedded = await newDrillDatabase(tmp, 'xembedded', {});
  drops.push(embedded.drop);
});

afterAll(async () => {
  for (const drop of drops) await drop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!adminUrl)(
  'restore across kinds of database (needs TEST_DATABASE_URL: PostgreSQL)',
  { timeout: 300_000 },
  () => {
    it('refuses a PostgreSQL backup into the embedded database with the wrong key, writing nothing', async () => {
      expect(fromPostgres.manifest.database.kind).toBe('postgres');
      const config = drillConfig(checkpointsOf('embedded'), embedded.env, { CLIENT_DATA_KEY: OTHER_KEY });
      await expect(restoreBackup(config, fromPostgres.file)).rejects.toThrow(
        /This backup needs the client data key with fingerprint .*Nothing was written/,
      );
      expect(fs.existsSync(embedded.env.DATA_DIR!)).toBe(false);
    });

    it('restores a PostgreSQL backup into a fresh embedded database: every value as it was', async () => {
      const config = drillConfig(checkpointsOf('embedded'), embedded.env);
      const result = await restoreBackup(config, fromPostgres.file);
      expect(result.migrated).toBe(0);
      await expectRestoredRows(config, fromPostgres.manifest);
      expect(await digestsOf(embedded.env)).toEqual(fromPostgres.digests);
      await expect(restoreBackup(config, fromPostgres.file)).rejects.toThrow(
        /is not empty.*Nothing was written/,
      );
    });

    it('serves the records restored into the embedded database', async () => {
      await expectServed(embedded.env, checkpointsOf('embedded'), records);
    });

    it('backs that embedded database up and restores it into a fresh PostgreSQL database', async () => {
      const config = drillConfig(checkpointsOf('embedded'), embedded.env);
      const file = path.join(tmp, 'from-embedded.cairn');
      const database = await openConfiguredDatabase(config);
      let manifest: BackupManifest;
      try {
        manifest = await writeBackup(
          { db: database.db, config, keys: configuredKeyFingerprints(config) },
          file,
        );
      } finally {
        await database.close();
      }
      expect(manifest.database.kind).toBe('pglite');
      // Served since the first restore: more rows (a sign-in, its audit entries) than the first backup.
      expect(manifest.rowCounts.audit_entries).toBeGreaterThan(
        fromPostgres.manifest.rowCounts.audit_entries!,
      );
      const digests = await digestsOf(embedded.env);

      const target = await newDrillDatabase(tmp, 'xtarget', { adminUrl });
      drops.push(target.drop);
      const checkpoints = checkpointsOf('postgres');
      await expect(
        restoreBackup(drillConfig(checkpoints, target.env, { CLIENT_DATA_KEY: OTHER_KEY }), file),
      ).rejects.toThrow(/This backup needs the client data key .*Nothing was written/);
      expect(await isEmptyDatabase(target.env)).toBe(true);

      // Through the command an operator runs.
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/restore.ts', file], {
        cwd: ROOT,
        encoding: 'utf8',
        env: {
          ...process.env,
          NODE_ENV: 'test',
          ...target.env,
          CLIENT_DATA_KEY: TEST_CLIENT_DATA_KEY,
          AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
          AUDIT_CHECKPOINT_FILE: checkpoints,
        },
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Moved from the embedded database (PGlite) into PostgreSQL.');
      const targetConfig = drillConfig(checkpoints, target.env);
      await expectRestoredRows(targetConfig, manifest);
      expect(await digestsOf(target.env)).toEqual(digests);
      await expect(restoreBackup(targetConfig, file)).rejects.toThrow(/is not empty.*Nothing was written/);
      await expectServed(target.env, checkpoints, records);
    });

    it("brings an older version's backup to this version's schema after the move", async () => {
      const older = await newDrillDatabase(tmp, 'xolder', { adminUrl });
      drops.push(older.drop);
      const level = BUILD_MIGRATIONS.length - 2;
      const config = drillConfig(checkpointsOf('older'), older.env);
      // A database of a version two migrations older: the migrations it knew, applied alone.
      const cut = migrationsUpTo({
        ...fromPostgres.manifest,
        migrations: { applied: level, last: null, lastWhen: BUILD_MIGRATIONS[level - 1]!.when },
      });
      const database = await openConfiguredDatabase(config);
      try {
        await database.applyMigrations(cut.folder);
      } finally {
        cut.remove();
        await database.close();
      }
      const file = path.join(tmp, 'older.cairn');
      const manifest = await writeBackup({ config, keys: configuredKeyFingerprints(config) }, file);
      expect(manifest.migrations.applied).toBe(level);

      const into = await newDrillDatabase(tmp, 'xolder-embedded', {});
      drops.push(into.drop);
      const intoConfig = drillConfig(checkpointsOf('older-embedded'), into.env);
      const result = await restoreBackup(intoConfig, file);
      expect(result.migrated).toBe(2);
      const restored = await openConfiguredDatabase(intoConfig);
      try {
        expect(await restored.schemaLevel()).toEqual({ state: 'current' });
      } finally {
        await restored.close();
      }
    });
  },
);
