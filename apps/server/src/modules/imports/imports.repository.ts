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

export async function updateImport(
  db: Executor,
  importId: number,
  values: Pick<Partial<ImportRow>, 'fields' | 'centreId' | 'dateOrder'>,
): Promise<void> {
  await db
    .update(imports)
    .set(values)
    .where(and(eq(imports.importId, importId), isNull(imports.committedAt)));
}

/** Up to `limit` rows after row `after`, in order. */
export function readRows(
  db: Executor,
  importId: number,
  after: number,
  limit: number,
): Promise<Array<{ rowNo: number; cells: string }>> {
  return db
    .select({ rowNo: importRows.rowNo, cells: importRows.cells })
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
