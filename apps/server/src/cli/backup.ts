/**
 * Writes a backup of the database to one file: everything but the keys (docs/operations.md,
 * "Backups").
 *
 *   npm run backup -- --out FILE
 *
 * On PostgreSQL (DATABASE_URL; dumped as MIGRATION_DATABASE_URL's user when set) online, with
 * pg_dump, while servers run. On the embedded database (DATA_DIR), PGlite's dump of its data
 * directory, the server stopped first. The file is written under a temporary name and renamed
 * when complete. Exits 0 when written, 1 otherwise.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configuredKeyFingerprints } from '../backup/backup-keys.ts';
import { describeManifest } from '../backup/backup-describe.ts';
import { BackupRefusal } from '../backup/backup-errors.ts';
import { pgliteIsEmpty } from '../backup/pglite-backup.ts';
import { writeBackup } from '../backup/backup.service.ts';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { readOptions, runCommand, UsageError } from './command.ts';

const USAGE = `Usage: npm run backup -- --out FILE

Writes a backup of the database Cairn is configured with to FILE: the database (pg_dump's custom
format on PostgreSQL, online; PGlite's data directory on the embedded database, with the server
stopped), a manifest (version, migration level, rows per table, the keys' fingerprints) and the
audit chain's checkpoints. Never the keys: keep CLIENT_DATA_KEY and AUDIT_CHAIN_KEY apart from it.`;

async function main(): Promise<number> {
  const options = readOptions(
    () =>
      parseArgs({
        options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
        strict: true,
      }).values,
    USAGE,
  );
  if (!options) return 0;
  if (!options.out) throw new UsageError(`--out FILE is required.\n\n${USAGE}`);
  const out = path.resolve(options.out);
  const config = loadConfig();
  try {
    if (config.database.kind === 'pglite' && pgliteIsEmpty(config.database.dataDir))
      throw new BackupRefusal(`DATA_DIR ${config.database.dataDir} holds no database: nothing to back up.`);
    // PostgreSQL is dumped by pg_dump, which connects itself; PGlite by the process holding it.
    const database = config.database.kind === 'pglite' ? await openConfiguredDatabase(config) : null;
    try {
      const manifest = await writeBackup(
        { db: database?.db, config, keys: configuredKeyFingerprints(config) },
        out,
      );
      console.log(`Backup written to ${out}.\n${describeManifest(manifest)}`);
      console.log(
        'The keys are not in it: keep them apart from the backups (docs/operations.md, "Backups").',
      );
      return 0;
    } finally {
      await database?.close();
    }
  } catch (err) {
    if (!(err instanceof BackupRefusal)) throw err;
    console.error(err.message);
    return 1;
  }
}

runCommand(main, 'backup failed:');
