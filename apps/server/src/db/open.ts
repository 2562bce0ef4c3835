import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from './database.ts';

/**
 * The database the configuration names: PostgreSQL when DATABASE_URL is set (migrated as
 * MIGRATION_DATABASE_URL's user), else embedded PGlite.
 */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  const auditRetentionMonths = config.audit.retentionMonths;
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, { migrationUrl: config.database.migrationUrl, auditRetentionMonths })
    : openPglite({ dataDir: config.database.dataDir, auditRetentionMonths });
}
