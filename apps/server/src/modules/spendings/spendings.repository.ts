import type { Spending } from '@cairn/shared/spendings.schemas';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
import { spendings } from '../../db/schema/plan-records.ts';

/** The foreign key tying a line to its plan: violated when the plan is deleted meanwhile. */
export const SPENDINGS_PLAN_FK = 'spendings_plan_id_plans_plan_id_fk';

/** What a save writes: the value as numeric(12,2) text, so no cent is lost on the way in. */
export interface SpendingValues {
  date: string;
  item: string;
  value: string;
  workGear: boolean;
  description: string | null;
}

const columns = {
  spending_id: spendings.spendingId,
  plan_id: spendings.planId,
  date: spendings.date,
  item: spendings.item,
  // As text: the drivers differ in how they read numeric, and text keeps the cents exact.
  value: sql<string>`${spendings.value}::text`,
  work_gear: spendings.workGear,
  description: spendings.description,
  created_at: isoText(spendings.createdAt),
  updated_at: isoText(spendings.updatedAt),
};

interface SpendingRow extends Omit<Spending, 'value'> {
  value: string;
}

function toSpending(row: SpendingRow): Spending {
  return { ...row, value: Number(row.value) };
}

/** A plan's lines, newest first (spendings_plan_idx); the later-entered first on the same day. */
export async function listSpendings(db: Executor, planId: number): Promise<Spending[]> {
  const rows = await db
    .select(columns)
    .from(spendings)
    .where(eq(spendings.planId, planId))
    .orderBy(desc(spendings.date), desc(spendings.spendingId));
  return rows.map(toSpending);
}

export async function insertSpending(
  db: Executor,
  values: SpendingValues & { planId: number; createdBy: number },
): Promise<Spending> {
  const [row] = await db.insert(spendings).values(values).returning(columns);
  return toSpending(row!);
}

/** Saves a line in place (its plan never changes); undefined when it is gone. */
export async function updateSpending(
  db: Executor,
  spendingId: number,
  values: SpendingValues,
): Promise<Spending | undefined> {
  const [row] = await db
    .update(spendings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(spendings.spendingId, spendingId))
    .returning(columns);
  return row && toSpending(row);
}

export async function deleteSpending(db: Executor, spendingId: number): Promise<boolean> {
  const rows = await db
    .delete(spendings)
    .where(eq(spendings.spendingId, spendingId))
    .returning({ spendingId: spendings.spendingId });
  return rows.length > 0;
}
