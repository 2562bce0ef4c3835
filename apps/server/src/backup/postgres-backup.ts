import type { Readable } from 'node:stream';
import pg from 'pg';
import { countRows, migrationLevel, type MigrationLevel, type RunQuery } from './backup-manifest.ts';
import { libpqEnv, requireTool, run } from './postgres-tools.ts';

/**
 * PostgreSQL's part of a backup and a restore (docs/ARCHITECTURE.md, "Backups"), as the tables'
 * owner (MIGRATION_DATABASE_URL, else DATABASE_URL).
 */

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  return client;
}

const queryOn =
  (client: pg.Client): RunQuery =>
  async <T>(text: string) =>
    (await client.query(text)).rows as T[];

async function serverVersion(client: pg.Client): Promise<{ text: string; major: number }> {
  const [row] = await queryOn(client)<{ v: string; n: string }>(
    `SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n`,
  );
  return { text: row!.v, major: Math.floor(Number(row!.n) / 10000) };
}

export interface PostgresDump {
  rowCounts: Record<string, number>;
  migrations: MigrationLevel;
  serverVersion: string;
}

/**
 * Dumps the database online into `file` (pg_dump's custom format), the server serving on: the
 * rows are counted in the very snapshot pg_dump reads (exported from a repeatable-read
 * transaction held open until it finishes), so the manifest's counts are the dump's.
 */
export async function dumpPostgres(url: string, file: string): Promise<PostgresDump> {
  const client = await connect(url);
  try {
    const version = await serverVersion(client);
    await requireTool('pg_dump', version.major);
    const query = queryOn(client);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot')) as [
      { snapshot: string },
    ];
    const rowCounts = await countRows(query);
    const migrations = await migrationLevel(query);
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${file}`],
      libpqEnv(url),
    );
    await client.query('COMMIT');
    return { rowCounts, migrations, serverVersion: version.text };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether the database holds no table, view, sequence or schema of its users. */
export async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = await connect(url);
  try {
    const [row] = await queryOn(client)<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
    );
    return Number(row!.n) === 0;
  } finally {
    await client.end();
  }
}

/** Empties the database for `restore --force`: Cairn's schemas dropped, public made again as new. */
export async function emptyPostgres(url: string): Promise<void> {
  const client = await connect(url);
  try {
    await client.query('BEGIN');
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public AUTHORIZATION pg_database_owner');
    await client.query('GRANT USAGE ON SCHEMA public TO PUBLIC');
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** The server's major version, to check pg_restore against before anything is written. */
export async function requireRestoreTool(url: string): Promise<void> {
  const client = await connect(url);
  try {
    await requireTool('pg_restore', (await serverVersion(client)).major);
  } finally {
    await client.end();
  }
}

/**
 * Loads a dump read from `dump` in one transaction (all or nothing), every object owned by the
 * restoring role and without the source's grants: the migration step settles the server role's
 * rights afterwards, as at every start.
 */
export async function restorePostgres(url: string, dump: Readable): Promise<void> {
  const env = libpqEnv(url);
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      // The extensions' own comments, which only a superuser may set again (Cairn writes none).
      '--no-comments',
      '--single-transaction',
      '--exit-on-error',
      '--no-password',
      `--dbname=${env.PGDATABASE}`,
    ],
    env,
    dump,
  );
}

/** The rows of every table now, to check a restore against its manifest. */
export async function countPostgres(url: string): Promise<Record<string, number>> {
  const client = await connect(url);
  try {
    return await countRows(queryOn(client));
  } finally {
    await client.end();
  }
}
