import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from './database.ts';

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else embedded PGlite. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url)
    : openPglite({ dataDir: config.database.dataDir });
}
