import type { PlanStatus } from '@cairn/shared/enums';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
import { plans } from '../../db/schema/plans.ts';

/** Spec §4: one open plan per client. The database refuses a second one, even under concurrency. */
export const PLAN_OPEN_UQ = 'plans_one_open_per_client_uq';
/** The foreign key tying a plan to its client: violated when the client is deleted meanwhile. */
export const PLAN_CLIENT_FK = 'plans_client_id_clients_client_id_fk';

export interface PlanRow {
  plan_id: number;
  client_id: number;
  date: string;
  status: PlanStatus;
  current_employment: string | null;
  employment_type: string | null;
  apprentice: string | null;
  accessing_supports: string | null;
  relocate: string | null;
  transportation: string | null;
  created_at: string;
  updated_at: string;
}

/** The plan info columns a caller writes (spec §2 Plan Info). */
export interface PlanInfoValues {
  date: string;
  currentEmployment: string | null;
  employmentType: string | null;
  apprentice: string | null;
  accessingSupports: string | null;
  relocate: string | null;
  transportation: string | null;
}

function planQuery(db: Executor) {
  return db
    .select({
      plan_id: plans.planId,
      client_id: plans.clientId,
      date: plans.date,
      status: sql<PlanStatus>`${plans.status}`,
      current_employment: plans.currentEmployment,
      employment_type: plans.employmentType,
      apprentice: plans.apprentice,
      accessing_supports: plans.accessingSupports,
      relocate: plans.relocate,
      transportation: plans.transportation,
      created_at: isoText(plans.createdAt),
      updated_at: isoText(plans.updatedAt),
    })
    .from(plans);
}

export async function findPlan(db: Executor, planId: number): Promise<PlanRow | undefined> {
  const [row] = await planQuery(db).where(eq(plans.planId, planId));
  return row;
}

/** A client's plans newest first, read along plans_client_idx. */
export function listClientPlans(db: Executor, clientId: number): Promise<PlanRow[]> {
  return planQuery(db).where(eq(plans.clientId, clientId)).orderBy(desc(plans.date), desc(plans.planId));
}

/** A new plan is Open: it has no outcome yet (spec §4). */
export async function insertPlan(
  db: Executor,
  values: PlanInfoValues & { clientId: number; createdBy: number },
): Promise<number> {
  const [row] = await db.insert(plans).values(values).returning({ planId: plans.planId });
  return row!.planId;
}

export async function updatePlan(db: Executor, planId: number, values: PlanInfoValues): Promise<boolean> {
  const rows = await db
    .update(plans)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(plans.planId, planId))
    .returning({ planId: plans.planId });
  return rows.length > 0;
}

/**
 * Marks the plan as changed when one of its lists is saved, and holds its row until the
 * transaction ends, so two saves of the same plan's list follow one another. False when the plan
 * is gone.
 */
export async function touchPlan(db: Executor, planId: number): Promise<boolean> {
  const rows = await db
    .update(plans)
    .set({ updatedAt: sql`now()` })
    .where(eq(plans.planId, planId))
    .returning({ planId: plans.planId });
  return rows.length > 0;
}

/** Its barriers, supports, trainings, spendings, notes and outcome go with it (foreign keys). */
export async function deletePlan(db: Executor, planId: number): Promise<boolean> {
  const rows = await db.delete(plans).where(eq(plans.planId, planId)).returning({ planId: plans.planId });
  return rows.length > 0;
}
