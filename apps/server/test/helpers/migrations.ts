import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/database.ts';
import { withDatabase } from './global-setup.ts';

/** What the migration tests share: databases migrated from nothing, or up to a given migration. */

export const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/db/migrations');

export interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

/**
 * A migrations folder holding the migrations up to `last` (its journal index), as a database saw
 * them then; `replaced` gives another file for a migration, by tag.
 */
export function folderUpTo(last: number, replaced: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    fs.copyFileSync(replaced[tag] ?? path.join(MIGRATIONS, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  }
  return dir;
}

/** Migrates `database` with the migrations of `folder`, then removes the folder. */
export async function migrateWith(database: Database, folder: string): Promise<void> {
  try {
    await migrateFrom(database, folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Each test migrates whole databases from nothing, which on PGlite takes most of the default
 * 30 seconds when the whole suite runs on a busy machine.
 */
export const MIGRATING = { timeout: 120_000 };

const opened: Array<() => Promise<void>> = [];

/** Closes (and on PostgreSQL drops) the databases emptyDatabase opened: each file's afterEach. */
export async function closeOpened(): Promise<void> {
  for (const close of opened.splice(0)) await close();
}

/** An empty database of the kind this run tests: a new PostgreSQL database, or an in-memory PGlite. */
export async function emptyDatabase(): Promise<Database> {
  const tpl = inject('pgTemplate');
  if (!tpl) {
    const database = await openPglite();
    opened.push(() => database.close());
    return database;
  }
  const name = `${tpl.template.replace('_tpl_', '_f_')}_m${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: tpl.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openPostgres(withDatabase(tpl.adminUrl, name));
  opened.push(async () => {
    await database.close();
    const a = new pg.Client({ connectionString: tpl.adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  return database;
}

/** The rows of a raw statement, typed by the caller (both drivers answer `{ rows }`). */
export async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function migrateFrom(database: Database, migrationsFolder: string): Promise<void> {
  // Both migrators take the drizzle database they were made for; `db` is that database.
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder });
  else await migratePg(database.db as never, { migrationsFolder });
}
