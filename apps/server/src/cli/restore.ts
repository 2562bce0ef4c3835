/**
 * Restores a backup written by `npm run backup` into the database Cairn is configured with
 * (docs/operations.md, "Backups").
 *
 *   npm run restore -- FILE [--force]
 *
 * Into an empty database unless --force, of either kind: a PostgreSQL backup restores into the
 * embedded database and the reverse. Refuses, before writing anything, a damaged file, one newer
 * than this version, and keys other than the backup's (CLIENT_DATA_KEY, AUDIT_CHAIN_KEY, else the
 * ones in DATA_DIR). After: every table's rows checked against the manifest, the audit
 * checkpoints put back, the migrations applied.
 * The embedded database's server must be stopped. Exits 0 when restored, 1 otherwise.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeManifest } from '../backup/backup-describe.ts';
import { BackupRefusal } from '../backup/backup-errors.ts';
import { restoreBackup } from '../backup/backup.service.ts';
import { kindName } from '../backup/backup-manifest.ts';
import { loadConfig } from '../config.ts';
import { readOptions, runCommand, UsageError } from './command.ts';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores FILE (written by npm run backup) into the configured database, which must be empty
unless --force (which replaces what it holds). Either kind: a PostgreSQL backup restores into the
embedded database (DATA_DIR; needs pg_restore) and an embedded one into PostgreSQL (DATABASE_URL,
as MIGRATION_DATABASE_URL's owner). The configured keys must be the backup's: it refuses
otherwise, naming the fingerprint it needs, before writing anything. Then checks every table's
rows against the backup's manifest. Stop the server first on the embedded database.`;

async function main(): Promise<number> {
  const options = readOptions(() => {
    const { values, positionals } = parseArgs({
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { ...values, positionals };
  }, USAGE);
  if (!options) return 0;
  if (options.positionals.length !== 1) throw new UsageError(`Name one backup file.\n\n${USAGE}`);
  const file = path.resolve(options.positionals[0]!);
  try {
    const config = loadConfig();
    const result = await restoreBackup(config, file, { force: options.force === true });
    console.log(`Restored ${file}.\n${describeManifest(result.manifest)}`);
    if (result.manifest.database.kind !== config.database.kind)
      console.log(
        `Moved from ${kindName(result.manifest.database.kind)} into ${kindName(config.database.kind)}.`,
      );
    console.log('Every table holds the rows the backup recorded.');
    if (result.migrated > 0)
      console.log(
        `Applied ${result.migrated} migration${result.migrated === 1 ? '' : 's'}: the schema is current.`,
      );
    if (result.checkpointsMovedTo)
      console.log(
        `The audit checkpoints found before the restore were kept in ${result.checkpointsMovedTo}.`,
      );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupRefusal)) throw err;
    console.error(err.message);
    return 1;
  }
}

runCommand(main, 'restore failed:');
