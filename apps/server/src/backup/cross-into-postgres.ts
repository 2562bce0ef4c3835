import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/database.ts';
import type { BackupManifest, RunQuery } from './backup-manifest.ts';
import {
  DATA_SCHEMAS,
  emptyTablesForLoad,
  ensureAuditPartition,
  foreignKeys,
  inForeignKeyOrder,
  maintainedTables,
  migrationsUpTo,
  qualified,
  quoted,
  setSequences,
  type SequenceState,
} from './cross-schema.ts';
import { pgliteOf } from './pglite-backup.ts';

/**
 * An embedded database's backup restored into PostgreSQL (docs/ARCHITECTURE.md, "Backups"): the
 * schema made by Cairn's migrations to the backup's level; the backup's data directory opened in
 * a temporary PGlite; every table's rows read through a cursor as their text (each value exactly
 * as PostgreSQL writes it, and reads it back) a few megabytes at a time, and inserted in the
 * order of the foreign keys; the sequences set where they stood. As the tables' owner
 * (MIGRATION_DATABASE_URL), never a superuser: the triggers that keep rollups are turned off for
 * the load (the backup holds the rollups), in one transaction.
 */

/** About this many bytes of a table's rows read and inserted at a time. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** A statement takes at most 65535 parameters. */
const MAX_PARAMETERS = 65_535;

interface SourceTable {
  schema: string;
  name: string;
  /** The partitioned table it belongs to (`schema.name`), else its own name: what foreign keys name. */
  root: string;
  columns: string[];
  bytes: number;
  rows: number;
}

export async function restoreTarIntoPostgres(
  url: string,
  manifest: BackupManifest,
  tar: Blob,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-restore-pglite-'));
  const owner = new pg.Client({ connectionString: url });
  owner.on('error', () => {});
  try {
    const source = await openPglite({ dataDir: dir, loadDataDir: tar });
    try {
      const migrations = migrationsUpTo(manifest);
      const target = await openPostgres(url);
      try {
        await target.applyMigrations(migrations.folder);
      } finally {
        await target.close();
        migrations.remove();
      }
      await owner.connect();
      await pgliteOf(source.db).transaction((tx) => load(tx, owner));
    } finally {
      await source.close();
    }
  } finally {
    await owner.end().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function load(tx: Transaction, owner: pg.Client): Promise<void> {
  const read: RunQuery = async <T>(text: string) => (await tx.query<T>(text)).rows;
  const write: RunQuery = async <T>(text: string) => (await owner.query(text)).rows as T[];
  const tables = inForeignKeyOrder(await sourceTables(read), await foreignKeys(write));
  const maintained = await maintainedTables(write);
  const sequences = await read<SequenceState>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name,
            coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
       FROM pg_sequences WHERE schemaname IN ${DATA_SCHEMAS}`,
  );
  await owner.query('BEGIN');
  try {
    // The rollups the triggers keep are rows of the backup too: loaded, not computed again. The
    // owner may turn its tables' own triggers off (never the foreign keys': a superuser's right),
    // hence the order.
    for (const { name } of maintained) await write(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
    await emptyTablesForLoad(write);
    for (const table of tables) await copyTable(tx, owner, table);
    await setSequences(write, sequences);
    for (const { name } of maintained) await write(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
    await owner.query('COMMIT');
  } catch (err) {
    await owner.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** Every table holding rows (a partition, not its partitioned table), with its stored columns. */
async function sourceTables(read: RunQuery): Promise<SourceTable[]> {
  const tables = await read<{ schema: string; name: string; root: string; oid: number; bytes: string }>(
    `SELECT n.nspname AS schema, c.relname AS name, c.oid::int AS oid,
            pg_total_relation_size(c.oid)::text AS bytes,
            coalesce((SELECT format('%I.%I', pn.nspname, p.relname) FROM pg_inherits i
                        JOIN pg_class p ON p.oid = i.inhparent JOIN pg_namespace pn ON pn.oid = p.relnamespace
                       WHERE i.inhrelid = c.oid), format('%I.%I', n.nspname, c.relname)) AS root
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ${DATA_SCHEMAS} AND c.relkind = 'r'
      ORDER BY n.nspname, c.relname`,
  );
  const result: SourceTable[] = [];
  for (const t of tables) {
    // Generated columns are computed again by the target from the others.
    const columns = await read<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute
        WHERE attrelid = ${t.oid} AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    );
    const [count] = await read<{ n: string | number }>(
      `SELECT count(*) AS n FROM ONLY ${qualified(t.schema, t.name)}`,
    );
    result.push({
      schema: t.schema,
      name: t.name,
      root: t.root,
      columns: columns.map((c) => c.name),
      bytes: Number(t.bytes),
      rows: Number(count?.n ?? 0),
    });
  }
  return result;
}

/** One table's rows, read through a cursor and inserted in batches. */
async function copyTable(tx: Transaction, owner: pg.Client, table: SourceTable): Promise<void> {
  if (table.rows === 0) return;
  const write: RunQuery = async <T>(text: string) => (await owner.query(text)).rows as T[];
  if (!(await ensureAuditPartition(write, table.schema, table.name)))
    throw new Error(
      `the backup holds rows of ${table.schema}.${table.name}, which this schema has no table for`,
    );
  const width = table.columns.length;
  const perRow = Math.max(1, Math.ceil(table.bytes / table.rows));
  const batch = Math.max(1, Math.min(Math.floor(CHUNK_BYTES / perRow), Math.floor(MAX_PARAMETERS / width)));
  const columns = table.columns.map(quoted).join(', ');
  await tx.query(
    `DECLARE cairn_restore NO SCROLL CURSOR FOR
       SELECT ${table.columns.map((c) => `${quoted(c)}::text`).join(', ')} FROM ONLY ${qualified(table.schema, table.name)}`,
  );
  for (;;) {
    const { rows } = await tx.query<unknown[]>(`FETCH ${batch} FROM cairn_restore`, [], { rowMode: 'array' });
    if (rows.length === 0) break;
    const values = rows.map(
      (_, r) => `(${table.columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`,
    );
    // Each value as text, read by the target column's own type: bytes, JSON, times, arrays exact.
    await owner.query(
      `INSERT INTO ${qualified(table.schema, table.name)} (${columns}) OVERRIDING SYSTEM VALUE VALUES ${values.join(', ')}`,
      rows.flat(),
    );
  }
  await tx.query('CLOSE cairn_restore');
}
