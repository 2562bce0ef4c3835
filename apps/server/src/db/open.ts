import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Database, type Db } from './database.ts';
import { primaryReads, replicaReads, type ReportReads } from './replica.ts';

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

/** Where reports read (replica.ts): REPLICA_URL's replica while fresh enough, else `primary`. */
export function openConfiguredReportReads(config: Config, primary: Db): ReportReads {
  return config.replica
    ? replicaReads(config.replica.url, config.replica.maxLagS, primary)
    : primaryReads(primary);
}
