import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './database.ts';

/**
 * Where a database's schema stands against the migrations this build carries (docs/ARCHITECTURE.md,
 * "Upgrades"): drizzle's migrator records each migration it applied in
 * `drizzle.__drizzle_migrations`, with the journal's `when` of that migration as `created_at`.
 */

/** This build's migrations, in order. */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

export interface KnownMigration {
  tag: string;
  when: number;
}

/** The migrations of a folder, in order, from its journal. */
export function knownMigrations(folder: string): KnownMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: KnownMigration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The migrations this build carries. */
export const BUILD_MIGRATIONS = knownMigrations(MIGRATIONS_FOLDER);

export type SchemaLevel =
  | { state: 'current' }
  /** Migrations of this build are not applied yet: `pending` of them. */
  | { state: 'behind'; pending: number }
  /** The database holds a migration this build does not know: a newer version migrated it. */
  | { state: 'ahead'; applied: number; known: number; lastKnown: string };

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The `created_at` of every migration the database holds, oldest first (none on an empty one). */
async function appliedMigrations(db: Executor): Promise<number[]> {
  const [{ present } = { present: false }] = await rowsOf<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!present) return [];
  const rows = await rowsOf<{ created_at: string }>(
    db,
    sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  return rows.map((r) => Number(r.created_at));
}

/** The schema's level against `known`: one statement or two, no lock. */
export async function schemaLevel(db: Executor, known: readonly KnownMigration[]): Promise<SchemaLevel> {
  const applied = await appliedMigrations(db);
  const last = known.at(-1)?.when ?? 0;
  const beyond = applied.filter((when) => when > last).length;
  if (beyond > 0 || applied.length > known.length) {
    return {
      state: 'ahead',
      applied: applied.length,
      known: known.length,
      lastKnown: known.at(-1)?.tag ?? 'none',
    };
  }
  // What drizzle's migrator applies: every migration after the last one applied.
  const lastApplied = applied.at(-1) ?? 0;
  const pending = known.filter((m) => m.when > lastApplied).length;
  return pending === 0 ? { state: 'current' } : { state: 'behind', pending };
}

/** Refuses a schema newer than `known` (the server's start and `npm run migrate`). */
export async function refuseNewerSchema(
  db: Executor,
  known: readonly KnownMigration[],
): Promise<SchemaLevel> {
  const level = await schemaLevel(db, known);
  if (level.state === 'ahead') throw new SchemaTooNewError(level);
  return level;
}

/** The refusal of a server (or `npm run migrate`) older than the schema it finds. */
export class SchemaTooNewError extends Error {
  constructor(level: { applied: number; known: number; lastKnown: string }) {
    super(
      `The database's schema is newer than this version of Cairn: it holds ${level.applied} migrations, ` +
        `this version knows ${level.known} (the last, ${level.lastKnown}). A newer version of Cairn migrated it: ` +
        'run that version (or a later one), never an older one, on this database.',
    );
    this.name = 'SchemaTooNewError';
  }
}

/**
 * Brings the schema to this build's level before the server serves: migrates (under the lock)
 * when `migrateOnStart` (MIGRATE_ON_START, on by default), else waits for `npm run migrate`,
 * looking every `pollMs`. Either way refuses a schema newer than the build.
 */
export async function readySchema(
  database: Pick<Database, 'migrate' | 'schemaLevel'>,
  options: { migrateOnStart: boolean; pollMs?: number; onWait?: (pending: number) => void },
): Promise<void> {
  if (options.migrateOnStart) {
    await database.migrate();
    return;
  }
  let told = false;
  for (;;) {
    const level = await database.schemaLevel();
    if (level.state === 'ahead') throw new SchemaTooNewError(level);
    if (level.state === 'current') return;
    if (!told) options.onWait?.(level.pending);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2000));
  }
}
