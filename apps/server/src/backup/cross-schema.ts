import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_MIGRATIONS, MIGRATIONS_FOLDER } from '../db/schema-level.ts';
import { BackupRefusal } from './backup-errors.ts';
import type { BackupManifest, RunQuery } from './backup-manifest.ts';

/**
 * What a restore across kinds of database shares (docs/ARCHITECTURE.md, "Backups"): the target's
 * schema is made by Cairn's own migrations, up to the backup's level, and then only rows move.
 */

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `schema.table`, quoted. */
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;
export const quoted = quoteIdent;

/** The schemas a backup holds: Cairn's tables and the migrations' record (as countRows counts them). */
export const DATA_SCHEMAS = `('public', 'drizzle')`;

/**
 * Refuses, before anything is written, a backup whose migrations are not the first ones of this
 * build (the same tags in the same order): its schema could not be made again here.
 */
export function refuseUnknownLevel(manifest: BackupManifest): void {
  const { applied, lastWhen } = manifest.migrations;
  if (applied === 0 || BUILD_MIGRATIONS[applied - 1]?.when !== lastWhen)
    throw new BackupRefusal(
      `This backup's schema (${applied} migrations, the last ${manifest.migrations.last ?? 'unknown'}) is not ` +
        "one this version of Cairn's migrations make: it cannot be restored into the other kind of " +
        'database by this version. Nothing was written.',
    );
}

/**
 * A migrations folder holding this build's first migrations up to the backup's level (the same
 * SQL files, the journal cut there), for drizzle's migrator; removed by `remove`.
 */
export function migrationsUpTo(manifest: BackupManifest): { folder: string; remove: () => void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-restore-migrations-'));
  const remove = () => fs.rmSync(folder, { recursive: true, force: true });
  try {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: Array<{ tag: string }>;
    };
    journal.entries = journal.entries.slice(0, manifest.migrations.applied);
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries)
      fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    return { folder, remove };
  } catch (err) {
    remove();
    throw err;
  }
}

/** The target's foreign keys between two tables (a partitioned table's by its own name). */
export function foreignKeys(query: RunQuery) {
  return query<{ child: string; parent: string }>(
    `SELECT format('%I.%I', cn.nspname, cc.relname) AS child, format('%I.%I', pn.nspname, pc.relname) AS parent
       FROM pg_constraint k
       JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace
       JOIN pg_class pc ON pc.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = pc.relnamespace
      WHERE k.contype = 'f' AND k.conrelid <> k.confrelid AND NOT cc.relispartition`,
  );
}

/**
 * The tables, each after every table it references (`root`: a table's own name, or its
 * partitioned table's, as foreign keys name them).
 */
export function inForeignKeyOrder<T extends { root: string }>(
  tables: T[],
  keys: Array<{ child: string; parent: string }>,
): T[] {
  const ordered: T[] = [];
  const done = new Set<string>();
  let left = tables;
  while (left.length > 0) {
    const ready = left.filter((t) =>
      keys.every((k) => k.child !== t.root || done.has(k.parent) || !tables.some((o) => o.root === k.parent)),
    );
    if (ready.length === 0)
      throw new Error(`the foreign keys between ${left.map((t) => t.root).join(', ')} form a cycle`);
    ordered.push(...ready);
    left = left.filter((t) => !ready.includes(t));
    // A partitioned table is done when all its partitions are.
    for (const t of ready) if (!left.some((o) => o.root === t.root)) done.add(t.root);
  }
  return ordered;
}

/**
 * The tables whose triggers keep other rows (rollups, counts, the search index) as rows are
 * written: turned off while the backup's rows, which hold those rows already, go in. Never the
 * audit trail's, guarded by a trigger refusing TRUNCATE before it runs (tgtype: BEFORE 2,
 * INSERT 4, DELETE 8, TRUNCATE 32): its guards stay on.
 */
export function maintainedTables(query: RunQuery) {
  return query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ${DATA_SCHEMAS}
        AND EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal AND (t.tgtype & 12) <> 0)
        AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal AND (t.tgtype & 34) = 34)
      ORDER BY 1`,
  );
}

/**
 * Empties what the migrations wrote (reference rows, the migrations' record) so the backup's rows
 * go in alone: deleted, those referencing others first, with the maintaining triggers off. The
 * audit trail and its inbox, which refuse it (and which no migration fills), must be empty.
 */
export async function emptyTablesForLoad(query: RunQuery): Promise<void> {
  const tables = await query<{ root: string; guarded: boolean }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS root,
            EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal
                       AND (t.tgtype & 34) = 34) AS guarded
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ${DATA_SCHEMAS} AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
  );
  for (const t of inForeignKeyOrder(tables, await foreignKeys(query)).reverse()) {
    const [row] = await query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${t.root}) AS any`);
    if (!row?.any) continue;
    if (t.guarded) throw new Error(`${t.root} holds rows after the migrations alone: not an empty database`);
    await query(`DELETE FROM ${t.root}`);
  }
}

/**
 * Makes the table a backup names when it is a month of the audit trail the target lacks (the
 * trail is partitioned by month, and a partition is made when its first entry is written):
 * through audit_partition_for, as the writer makes one. Answers whether the table is there.
 */
export async function ensureAuditPartition(query: RunQuery, schema: string, name: string): Promise<boolean> {
  const [present] = await query<{ present: boolean }>(
    `SELECT to_regclass('${qualified(schema, name).replaceAll("'", "''")}') IS NOT NULL AS present`,
  );
  if (present?.present) return true;
  const month = schema === 'public' ? /^audit_entries_(\d{4})_(\d{2})$/.exec(name) : null;
  if (!month) return false;
  await query(`SELECT audit_partition_for('${month[1]}-${month[2]}-01'::date)`);
  return true;
}

export interface SequenceState {
  /** `schema.name`, quoted. */
  name: string;
  value: string;
  called: boolean;
}

/** Sets each sequence where it stood in the backup (as pg_dump's setval does): the next ids follow on. */
export async function setSequences(query: RunQuery, sequences: SequenceState[]): Promise<void> {
  for (const s of sequences)
    await query(
      `SELECT setval('${s.name.replaceAll("'", "''")}'::regclass, ${BigInt(s.value).toString()}, ${s.called})`,
    );
}
