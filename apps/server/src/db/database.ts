import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import {
  BUILD_MIGRATIONS,
  MIGRATIONS_FOLDER,
  refuseNewerSchema,
  schemaLevel,
  type SchemaLevel,
} from './schema-level.ts';
import { settleServerRole } from './server-role.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /**
   * Migrates as the owner, then settles the server role's rights (server-role.ts); on PostgreSQL
   * under an advisory lock, so processes starting together migrate one after another (each
   * migration runs once). Refuses a schema newer than this build knows (SchemaTooNewError).
   * Answers how many migrations it applied.
   */
  migrate(): Promise<number>;
  /** Where the schema stands against this build's migrations, without a lock or a change. */
  schemaLevel(): Promise<SchemaLevel>;
  /**
   * Applies the migrations of `folder` alone, as the owner, settling nothing: a restore from the
   * other kind of database makes the backup's schema with a cut of this build's (backup/cross-schema.ts).
   */
  applyMigrations(folder: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to restore a migrated copy quickly in tests. */
  dump?(): Promise<Blob>;
}

const migrationsFolder = MIGRATIONS_FOLDER;
const KNOWN = BUILD_MIGRATIONS;

/** The advisory lock that serialises migrations across processes ('migr'). */
const MIGRATION_LOCK = 1835624306;

/** Refuses a newer schema, applies what this build adds, and answers how many it applied. */
async function migrateChecked(db: Db, apply: () => Promise<void>): Promise<number> {
  const level = await refuseNewerSchema(db, KNOWN);
  await apply();
  return level.state === 'behind' ? level.pending : 0;
}

/** What the migration step settles besides the migrations (server-role.ts). */
export interface MigrationOptions {
  /** The table owner's address (MIGRATION_DATABASE_URL), when the server connects as another role. */
  migrationUrl?: string;
  /** AUDIT_RETENTION_MONTHS, which the audit partition drop enforces; unset, the stored one stays. */
  auditRetentionMonths?: number;
}

/**
 * Settings of every session the app opens on PostgreSQL (`options` of its pools). JIT off: the
 * planner's estimates for a dashboard or a list at 1,000,000 clients pass jit_above_cost, and
 * compiling took 88 ms of a 5 ms statement (the clients dashboard for every centre, issue 33).
 */
export const SESSION_OPTIONS = '-c jit=off';

export async function openPostgres(url: string, options: MigrationOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: SESSION_OPTIONS });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    // Through a connection of its own, as the owner, which holds the lock until it is closed.
    async migrate() {
      const owner = new pg.Client({ connectionString: options.migrationUrl ?? url });
      owner.on('error', () => {});
      await owner.connect();
      try {
        await owner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const ownerPg = drizzlePg({ client: owner });
        const ownerDb = ownerPg as unknown as Db;
        return await migrateChecked(ownerDb, async () => {
          await migratePg(ownerPg, { migrationsFolder });
          await settleServerRole(ownerDb, db as unknown as Db, options);
        });
      } finally {
        await owner.end();
      }
    },
    schemaLevel: () => schemaLevel(db as unknown as Db, KNOWN),
    async applyMigrations(folder) {
      const owner = new pg.Client({ connectionString: options.migrationUrl ?? url });
      owner.on('error', () => {});
      await owner.connect();
      try {
        await migratePg(drizzlePg({ client: owner }), { migrationsFolder: folder });
      } finally {
        await owner.end();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Opens PGlite in `dataDir` (locked against a second process), or in memory: empty, or restored
 * from a dump.
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } & Pick<MigrationOptions, 'auditRetentionMonths'> = {},
): Promise<Database> {
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const { dataDir, loadDataDir } = options;
    const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm, btree_gin } });
    const db = drizzlePglite({ client });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      // One process per data directory (lockDataDir): no other migrates beside it.
      migrate: () =>
        migrateChecked(db as unknown as Db, async () => {
          await migratePglite(db, { migrationsFolder });
          await settleServerRole(db as unknown as Db, db as unknown as Db, options);
        }),
      schemaLevel: () => schemaLevel(db as unknown as Db, KNOWN),
      applyMigrations: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: async () => {
        await client.close();
        unlock();
      },
      dump: () => client.dumpDataDir('none'),
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

const dialect = new PgDialect();

/**
 * The rows of a statement. Outside a transaction on PostgreSQL it runs as a named prepared
 * statement (named after its text, prepared once per connection), which spares the server from
 * planning it again on every request: for the client list and profile, planning took longer than
 * running. Values come back as the driver parses them, so select dates and times as text.
 * `planEach`: planned anew with its values on every run instead (unnamed), for a statement whose
 * best plan depends on them: after five runs PostgreSQL may keep one generic plan for a prepared
 * statement, and for a report over a date range that plan read ten times more (measured).
 */
export async function selectRows<T>(db: Executor, query: SQL, { planEach = false } = {}): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = planEach ? undefined : statementName(text);
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * Runs a statement that answers no rows (an insert) as a named prepared statement on PostgreSQL,
 * in a transaction or not (a transaction's connection is its drizzle session's client): planned
 * once per connection instead of on every run. Elsewhere (PGlite) it runs as drizzle runs it.
 */
export async function executeNamed(db: Executor, query: SQL): Promise<void> {
  const own = (db as { $client?: unknown }).$client;
  const held = (db as { session?: { client?: unknown } }).session?.client;
  const client = own instanceof pg.Pool ? own : held instanceof pg.Client ? held : undefined;
  if (!client) {
    await db.execute(query);
    return;
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  await client.query({ name: statementName(text), text, values: params });
}

/** A statement built once: its text, its prepared name, and each parameter's value or placeholder's name. */
interface BuiltStatement {
  text: string;
  name: string;
  params: Array<{ value: unknown } | { placeholder: string }>;
}

/**
 * The rows of a statement whose text depends only on its shape (a scope's kind, a sort), not on
 * its values: the hottest reads (a client's profile, a list's first page). On PostgreSQL `build`
 * runs once per shape, with drizzle placeholders standing for every value, and its text and
 * prepared name are kept; each call then only fills in its values. Building the text with
 * drizzle and naming it took about a tenth of a profile read's time on the server's thread
 * (docs/performance.md). Elsewhere (PGlite) `build` runs with the values, as selectRows does.
 * `build` must branch on `shape` alone, never on a value.
 */
export function shapedStatement<S extends string, V extends Record<string, unknown>>(
  build: (shape: S, values: V) => SQL,
) {
  const built = new Map<S, BuiltStatement>();
  const placeholders = (values: V) =>
    Object.fromEntries(Object.keys(values).map((key) => [key, sql.placeholder(key)])) as unknown as V;
  return async function rows<T>(db: Executor, shape: S, values: V): Promise<T[]> {
    const client = (db as { $client?: unknown }).$client;
    if (!(client instanceof pg.Pool)) return selectRows<T>(db, build(shape, values));
    let statement = built.get(shape);
    if (!statement) {
      const { sql: text, params } = dialect.sqlToQuery(build(shape, placeholders(values)));
      statement = {
        text,
        name: statementName(text),
        params: params.map((p) => (is(p, Placeholder) ? { placeholder: p.name } : { value: p })),
      };
      built.set(shape, statement);
    }
    const { name, text, params } = statement;
    const filled = params.map((p) => ('placeholder' in p ? values[p.placeholder] : p.value));
    return (await client.query({ name, text, values: filled })).rows as T[];
  };
}

/** Names already computed, by statement text: hashing the text took a few percent of a request. */
const statementNames = new Map<string, string>();
/** More distinct texts than the app has statements means generated ones (searches of N words). */
const STATEMENT_NAMES_KEPT = 2000;

/** The prepared statement's name: one per distinct statement text. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size >= STATEMENT_NAMES_KEPT) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}
