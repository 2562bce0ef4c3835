import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { importRows, imports } from '../../db/schema/imports.ts';

export type ImportRow = typeof imports.$inferSelect;
export type NewImport = Omit<
  typeof imports.$inferInsert,
  'importId' | 'createdAt' | 'committedAt' | 'rowCount'
>;

export async function insertImport(db: Executor, values: NewImport): Promise<number> {
  const [row] = await db.insert(imports).values(values).returning({ importId: imports.importId });
  return row!.importId;
}

/** A file's rows, each its encrypted cells, in one statement. */
export async function insertRows(
  db: Executor,
  importId: number,
  rows: ReadonlyArray<{ rowNo: number; cells: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(importRows).values(rows.map((r) => ({ importId, ...r })));
}

export async function setRowCount(db: Executor, importId: number, rowCount: number): Promise<void> {
  await db.update(imports).set({ rowCount }).where(eq(imports.importId, importId));
}

/** An import not expired, locked when `lock` (its commit). */
export async function findImport(
  db: Executor,
  importId: number,
  lock = false,
): Promise<ImportRow | undefined> {
  const query = db
    .select()
    .from(imports)
    .where(and(eq(imports.importId, importId), gt(imports.expiresAt, sql`now()`)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** New settings; the rows' stored matches no longer hold (a preview stores them again). */
export async function updateImport(
  db: Executor,
  importId: number,
  values: Pick<Partial<ImportRow>, 'fields' | 'centreId' | 'dateOrder'>,
): Promise<void> {
  await db
    .update(imports)
    .set({ ...values, matchedAt: null })
    .where(and(eq(imports.importId, importId), isNull(imports.committedAt)));
}

/** Up to `limit` rows after row `after`, in order. */
export function readRows(
  db: Executor,
  importId: number,
  after: number,
  limit: number,
): Promise<Array<{ rowNo: number; cells: string; matchClientId: number | null }>> {
  return db
    .select({ rowNo: importRows.rowNo, cells: importRows.cells, matchClientId: importRows.matchClientId })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), gt(importRows.rowNo, after)))
    .orderBy(asc(importRows.rowNo))
    .limit(limit);
}

/** Marks the import committed and removes its rows: what was written needs them no more. */
export async function markCommitted(db: Executor, importId: number): Promise<void> {
  await db
    .update(imports)
    .set({ committedAt: sql`now()` })
    .where(eq(imports.importId, importId));
  await db.delete(importRows).where(eq(importRows.importId, importId));
}

export async function deleteImport(db: Executor, importId: number): Promise<void> {
  await db.delete(imports).where(eq(imports.importId, importId));
}

/** Removes the expired imports with their rows. */
export async function deleteExpired(db: Executor): Promise<void> {
  await db.delete(imports).where(lt(imports.expiresAt, sql`now()`));
}

/** The settings a preview matched the rows under: its stores apply only while they stand. */
export interface MatchedSettings {
  fields: ReadonlyArray<string | null>;
  dateOrder: string;
  centreId: number | null;
}

const standing = (importId: number, s: MatchedSettings) =>
  sql`i.import_id = ${importId} AND i.fields = ${JSON.stringify(s.fields)}::jsonb
      AND i.date_order = ${s.dateOrder} AND i.centre_id IS NOT DISTINCT FROM ${s.centreId}::int`;

/** A preview starts matching: the rows' stored matches no longer hold until it ends. */
export async function clearMatched(db: Executor, importId: number): Promise<void> {
  await db.update(imports).set({ matchedAt: null }).where(eq(imports.importId, importId));
}

/**
 * Each row's match (null: none) as a preview found it, in one statement; nothing when the import's
 * settings changed meanwhile (another preview's matches then stand).
 */
export async function storeMatches(
  db: Executor,
  importId: number,
  settings: MatchedSettings,
  rows: ReadonlyArray<{ rowNo: number; match: number | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  const array = (values: ReadonlyArray<number | null>) =>
    `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
  await db.execute(
    sql`UPDATE import_rows r SET match_client_id = v.m
          FROM unnest(${array(rows.map((r) => r.rowNo))}::int[], ${array(rows.map((r) => r.match))}::int[]) AS v(n, m),
               imports i
         WHERE r.import_id = ${importId} AND r.row_no = v.n AND ${standing(importId, settings)}`,
  );
}

/** The preview's matches stand as of `since`, if the settings it matched under still do. */
export async function setMatched(
  db: Executor,
  importId: number,
  settings: MatchedSettings,
  since: Date,
): Promise<void> {
  await db.execute(
    sql`UPDATE imports i SET matched_at = ${since.toISOString()}::timestamptz
         WHERE ${standing(importId, settings)}`,
  );
}
