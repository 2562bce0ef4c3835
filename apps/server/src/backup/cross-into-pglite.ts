import readline from 'node:readline';
import type { Readable } from 'node:stream';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Database } from '../db/database.ts';
import type { BackupManifest, RunQuery } from './backup-manifest.ts';
import { emptyTablesForLoad, ensureAuditPartition, migrationsUpTo } from './cross-schema.ts';
import { requireTool, start } from './postgres-tools.ts';
import { pgliteOf } from './pglite-backup.ts';

/**
 * A PostgreSQL backup restored into the embedded database (docs/ARCHITECTURE.md, "Backups"): the
 * schema made by Cairn's migrations to the backup's level, then the rows of pg_restore's script
 * (`--data-only`, COPY blocks in text format, every value exactly as PostgreSQL wrote it) loaded
 * with PGlite's COPY FROM '/dev/blob', a few megabytes at a time, and the sequences set as the
 * script sets them; in one transaction.
 */

/** The rows held at a time: one COPY of this many bytes of the script at most (or one row). */
const CHUNK_BYTES = 4 * 1024 * 1024;

/** The pg_restore able to read the backup: of its server's major version or newer. */
export async function requireDumpReader(manifest: BackupManifest): Promise<void> {
  await requireTool('pg_restore', Number.parseInt(manifest.database.serverVersion, 10) || 0);
}

export async function restoreDumpIntoPglite(
  database: Database,
  manifest: BackupManifest,
  dump: Readable,
): Promise<void> {
  const migrations = migrationsUpTo(manifest);
  try {
    await database.applyMigrations(migrations.folder);
  } finally {
    migrations.remove();
  }
  const client: PGlite = pgliteOf(database.db);
  const script = start(
    'pg_restore',
    ['--data-only', '--no-owner', '--no-privileges', '--file=-'],
    process.env,
    dump,
  );
  await client.transaction(async (tx) => {
    const query: RunQuery = async <T>(text: string) => (await tx.query<T>(text)).rows;
    // The rows as they were: no trigger recomputes a rollup the backup holds, and no foreign key
    // is checked row by row against a table whose rows come later (PGlite's role is a superuser;
    // the rows come from a database that held them together).
    await query(`SET LOCAL session_replication_role = replica`);
    await emptyTablesForLoad(query);
    try {
      await loadScript(tx, query, script.output);
    } catch (err) {
      // pg_restore, writing into a pipe no longer read, ends instead of waiting.
      script.output.destroy();
      throw err;
    }
    await script.done;
  });
}

/** A COPY block's first line, as pg_dump writes it: the table, the columns, then the rows. */
const COPY_LINE = /^COPY ((?:"(?:[^"]|"")+"|[\w$]+)\.(?:"(?:[^"]|"")+"|[\w$]+)) (\([^)]*\) )?FROM stdin;$/;
const SETVAL_LINE = /^SELECT pg_catalog\.setval\('(?:[^']|'')+', \d+, (?:true|false)\);$/;
const unquote = (part: string) => (part.startsWith('"') ? part.slice(1, -1).replaceAll('""', '"') : part);

/** Reads the script line by line: each COPY block loaded in chunks, each setval run. */
async function loadScript(tx: Transaction, query: RunQuery, script: Readable): Promise<void> {
  let copy: string | null = null;
  let rows: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!copy || rows.length === 0) return;
    const blob = new Blob([rows.join('\n'), '\n']);
    rows = [];
    bytes = 0;
    await tx.query(copy, [], { blob });
  };
  for await (const line of readline.createInterface({ input: script, crlfDelay: Infinity })) {
    if (copy) {
      if (line === '\\.') {
        await flush();
        copy = null;
        continue;
      }
      rows.push(line);
      bytes += line.length + 1;
      if (bytes >= CHUNK_BYTES) await flush();
      continue;
    }
    const block = COPY_LINE.exec(line);
    if (block) {
      const [schema, name] = splitName(block[1]!);
      if (!(await ensureAuditPartition(query, schema, name)))
        throw new Error(`the backup holds rows of ${schema}.${name}, which this schema has no table for`);
      copy = `COPY ${block[1]} ${block[2] ?? ''}FROM '/dev/blob'`;
    } else if (SETVAL_LINE.test(line)) await query(line);
  }
  if (copy) throw new Error('the backup ends inside a table: it is cut short');
}

function splitName(name: string): [string, string] {
  const parts = /^("(?:[^"]|"")+"|[\w$]+)\.("(?:[^"]|"")+"|[\w$]+)$/.exec(name)!;
  return [unquote(parts[1]!), unquote(parts[2]!)];
}
