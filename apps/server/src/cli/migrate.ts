/**
 * Applies the migrations this version carries, and nothing else (docs/ARCHITECTURE.md, "Upgrades"):
 *
 *   npm run migrate
 *
 * As the tables' owner (MIGRATION_DATABASE_URL, else DATABASE_URL), under the migrations' advisory
 * lock, so it may run while servers start; then settles the server role's rights. On the embedded
 * database (DATA_DIR) the server must be stopped first. Refuses a schema newer than this version.
 * Servers started with MIGRATE_ON_START=off wait for it. Exits 0 when the schema is current.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { readOptions, runCommand } from './command.ts';

const USAGE = `Usage: npm run migrate

Applies the database migrations this version of Cairn carries, as the tables' owner
(MIGRATION_DATABASE_URL, else DATABASE_URL; the embedded database in DATA_DIR otherwise, with the
server stopped), one process at a time. Refuses a schema newer than this version.`;

async function main(): Promise<number> {
  const options = readOptions(
    () => parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true }).values,
    USAGE,
  );
  if (!options) return 0;
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const applied = await database.migrate();
    console.log(
      applied === 0
        ? 'The schema is current: no migration to apply.'
        : `Applied ${applied} migration${applied === 1 ? '' : 's'}: the schema is current.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, 'migrate failed:');
