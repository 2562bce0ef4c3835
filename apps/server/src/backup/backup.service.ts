import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite, openPostgres, type DatabaseKind, type Db } from '../db/database.ts';
import { BackupFileError, BackupRefusal } from './backup-errors.ts';
import {
  findSection,
  readSectionBytes,
  readSections,
  sectionStream,
  sha256Of,
  writeBackupFile,
} from './backup-file.ts';
import type { KeyFingerprints } from './backup-keys.ts';
import { refuseOtherKeys } from './backup-keys.ts';
import { requireDumpReader, restoreDumpIntoPglite } from './cross-into-pglite.ts';
import { restoreTarIntoPostgres } from './cross-into-postgres.ts';
import { refuseUnknownLevel } from './cross-schema.ts';
import {
  countDifferences,
  createManifest,
  parseManifest,
  refuseNewerBackup,
  type BackupManifest,
} from './backup-manifest.ts';
import { countPglite, dumpPglite, emptyPglite, pgliteIsEmpty, pgliteOf, pgliteTar } from './pglite-backup.ts';
import {
  countPostgres,
  dumpPostgres,
  emptyPostgres,
  postgresIsEmpty,
  requireRestoreTool,
  restorePostgres,
} from './postgres-backup.ts';

/**
 * Backups and restores (docs/ARCHITECTURE.md, "Backups"): one file holding the database, its
 * manifest and the audit chain's checkpoints; never the keys, which are kept apart.
 */

const MANIFEST = 'manifest.json';
const CHECKPOINTS = 'audit-checkpoints.log';
const DATABASE_SECTION: Record<DatabaseKind, string> = {
  postgres: 'postgres.dump',
  pglite: 'pglite.tar.gz',
};

export interface BackupSource {
  config: Config;
  /** The embedded database, open in this process (PostgreSQL's is dumped by pg_dump). */
  db?: Db;
  /** The keys in use: the configured ones for the command, the server's own when it backs up. */
  keys: KeyFingerprints;
}

/** The checkpoints written so far: read before the database is, so each names an entry it holds. */
function readCheckpoints(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
    throw err;
  }
}

/** Writes a backup of the database to `out` (temporary name, renamed when complete). */
export async function writeBackup(source: BackupSource, out: string): Promise<BackupManifest> {
  const { config } = source;
  const kind = config.database.kind;
  const checkpoints = readCheckpoints(config.audit.checkpointFile);
  const section = DATABASE_SECTION[kind];
  if (config.database.kind === 'postgres') {
    const temp = path.join(path.dirname(path.resolve(out)), `.${path.basename(out)}.${process.pid}.pg_dump`);
    try {
      const dump = await dumpPostgres(config.database.migrationUrl, temp);
      const manifest = createManifest({
        database: {
          kind,
          serverVersion: dump.serverVersion,
          section,
          bytes: (await fs.promises.stat(temp)).size,
          sha256: await sha256Of(fs.createReadStream(temp)),
        },
        migrations: dump.migrations,
        rowCounts: dump.rowCounts,
        keys: source.keys,
      });
      await writeBackupFile(out, [
        { name: MANIFEST, bytes: Buffer.from(JSON.stringify(manifest, null, 2)) },
        { name: CHECKPOINTS, bytes: checkpoints },
        { name: section, file: temp },
      ]);
      return manifest;
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }
  const dump = await dumpPglite(pgliteOf(source.db));
  const manifest = createManifest({
    database: {
      kind,
      serverVersion: dump.serverVersion,
      section,
      bytes: dump.tarGz.length,
      sha256: createHash('sha256').update(dump.tarGz).digest('hex'),
    },
    migrations: dump.migrations,
    rowCounts: dump.rowCounts,
    keys: source.keys,
  });
  await writeBackupFile(out, [
    { name: MANIFEST, bytes: Buffer.from(JSON.stringify(manifest, null, 2)) },
    { name: CHECKPOINTS, bytes: checkpoints },
    { name: section, bytes: dump.tarGz },
  ]);
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations applied after the restore: a backup of an older version brought to this one. */
  migrated: number;
  /** Where the checkpoints found before the restore were moved, if there were any. */
  checkpointsMovedTo: string | null;
}

/** A backup's manifest and checkpoints, and where its database section lies. */
export async function readBackup(file: string) {
  const sections = await readSections(file);
  const manifest = parseManifest(await readSectionBytes(file, findSection(sections, MANIFEST, file)), file);
  const database = findSection(sections, manifest.database.section, file);
  const checkpoints = await readSectionBytes(file, findSection(sections, CHECKPOINTS, file));
  return { manifest, database, checkpoints };
}

/**
 * Restores `file` into the configured database, which must be empty unless `force`. Every check
 * comes before anything is written: the file whole (its database section's SHA-256), a schema no
 * newer than this version's (and, from the other kind of database, one its migrations make), the
 * keys the backup needs, the tools it needs. After: the rows of every table checked against the
 * manifest, the checkpoints put back, and the migration step run (the server role's rights; a
 * backup of an older version migrated). A backup of the other kind of database moves across
 * (cross-into-pglite.ts, cross-into-postgres.ts).
 */
export async function restoreBackup(
  config: Config,
  file: string,
  { force = false } = {},
): Promise<RestoreResult> {
  const { manifest, database, checkpoints } = await readBackup(file);
  const kind = config.database.kind;
  const across = manifest.database.kind !== kind;
  refuseNewerBackup(manifest);
  if (across) refuseUnknownLevel(manifest);
  refuseOtherKeys(manifest.keys, config);
  if (
    database.length !== manifest.database.bytes ||
    (await sha256Of(sectionStream(file, database))) !== manifest.database.sha256
  )
    throw new BackupFileError(
      `${file} is damaged: its database is not the one its manifest describes. Nothing was written.`,
    );

  const notEmpty = () =>
    new BackupRefusal(
      `The configured database (${kind === 'postgres' ? 'DATABASE_URL' : `DATA_DIR ${config.dataDir}`}) is not empty: ` +
        'restore into an empty one, or pass --force to replace what it holds. Nothing was written.',
    );
  let migrated: number;
  if (config.database.kind === 'postgres') {
    const url = config.database.migrationUrl;
    if (!across) await requireRestoreTool(url);
    const empty = await postgresIsEmpty(url);
    if (!empty && !force) throw notEmpty();
    if (!empty) await emptyPostgres(url);
    if (across)
      await loadingAcross(() =>
        readSectionBytes(file, database)
          .then(pgliteTar)
          .then((tar) => restoreTarIntoPostgres(url, manifest, tar)),
      );
    else await restorePostgres(url, sectionStream(file, database));
    refuseMissingRows(manifest, await countPostgres(url));
    const restored = await openPostgres(config.database.url, {
      migrationUrl: url,
      auditRetentionMonths: config.audit.retentionMonths,
    });
    try {
      migrated = await restored.migrate();
    } finally {
      await restored.close();
    }
  } else {
    const { dataDir } = config.database;
    if (across) await requireDumpReader(manifest);
    // Refuses while a server (or another command) holds the data directory; a tar holding more
    // than the database's own entries (a key) never lands in it.
    const unlock = lockDataDir(dataDir);
    try {
      const empty = pgliteIsEmpty(dataDir);
      if (!empty && !force) throw notEmpty();
      if (!empty) emptyPglite(dataDir);
    } finally {
      unlock();
    }
    const restored = await openPglite({
      dataDir,
      loadDataDir: across ? undefined : await pgliteTar(await readSectionBytes(file, database)),
      auditRetentionMonths: config.audit.retentionMonths,
    });
    try {
      if (across)
        await loadingAcross(() => restoreDumpIntoPglite(restored, manifest, sectionStream(file, database)));
      refuseMissingRows(manifest, await countPglite(pgliteOf(restored.db)));
      migrated = await restored.migrate();
    } finally {
      await restored.close();
    }
  }
  const checkpointsMovedTo = putBackCheckpoints(config.audit.checkpointFile, checkpoints);
  return { manifest, migrated, checkpointsMovedTo };
}

/** A load from the other kind of database that failed: the schema may be there, the rows are not. */
async function loadingAcross(load: () => Promise<void>): Promise<void> {
  try {
    await load();
  } catch (err) {
    if (err instanceof BackupRefusal) throw err;
    throw new BackupRefusal(
      `The backup's rows could not be loaded (${(err as Error).message}): the configured database holds ` +
        'its schema but not its rows. Do not start the server on it; restore again with --force.',
    );
  }
}

function refuseMissingRows(manifest: BackupManifest, actual: Record<string, number>): void {
  const differences = countDifferences(manifest.rowCounts, actual);
  if (differences.length > 0)
    throw new BackupRefusal(
      `The restored database does not hold the backup's rows (${differences.join('; ')}): ` +
        'do not start the server on it; restore again with --force, or from another backup.',
    );
}

/**
 * The backup's checkpoints in the checkpoint file, so `npm run audit:verify` checks the restored
 * trail against them. A file already there (entries written after the backup, now gone) is kept
 * beside it, renamed: evidence of what the restore went back on.
 */
function putBackCheckpoints(file: string, checkpoints: Buffer): string | null {
  let movedTo: string | null = null;
  const exists = fs.existsSync(file);
  const present = exists ? fs.readFileSync(file) : Buffer.alloc(0);
  if (exists && present.equals(checkpoints)) return null;
  if (present.length > 0) {
    movedTo = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(file, movedTo);
  }
  // Even empty: the trail the backup holds had no checkpoint yet, which the check must know (a
  // missing file, on a keyed trail, is a removed one).
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, checkpoints);
  return movedTo;
}
