import type { Outcome } from '@cairn/shared/outcomes.schemas';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { outcomes } from '../../db/schema/plan-records.ts';
import { isoText } from '../../db/iso-text.ts';

/** Spec §4: a plan has at most one outcome. */
export const OUTCOME_PLAN_UQ = 'outcomes_plan_uq';
/** The foreign key tying an outcome to its plan: violated when the plan is deleted meanwhile. */
export const OUTCOME_PLAN_FK = 'outcomes_plan_id_plans_plan_id_fk';

export interface OutcomeValues {
  date: string;
  programOutcome: string;
  incompleteReason: string | null;
  postProgramStatus: string;
  employmentType: string | null;
  jobTitle: string | null;
  receivedCertificate: string;
}

function outcomeQuery(db: Executor) {
  return db
    .select({
      outcome_id: outcomes.outcomeId,
      plan_id: outcomes.planId,
      date: outcomes.date,
      program_outcome: outcomes.programOutcome,
      incomplete_reason: outcomes.incompleteReason,
      post_program_status: outcomes.postProgramStatus,
      employment_type: outcomes.employmentType,
      job_title: outcomes.jobTitle,
      received_certificate: outcomes.receivedCertificate,
      created_at: isoText(outcomes.createdAt),
      updated_at: isoText(outcomes.updatedAt),
    })
    .from(outcomes);
}

export function listPlanOutcomes(db: Executor, planId: number): Promise<Outcome[]> {
  return outcomeQuery(db).where(eq(outcomes.planId, planId));
}

export async function findOutcome(db: Executor, outcomeId: number): Promise<Outcome | undefined> {
  const [row] = await outcomeQuery(db).where(eq(outcomes.outcomeId, outcomeId));
  return row;
}

/** The plan closes with it (trigger outcomes_insert_close). */
export async function insertOutcome(
  db: Executor,
  values: OutcomeValues & { planId: number; createdBy: number },
): Promise<number> {
  const [row] = await db.insert(outcomes).values(values).returning({ outcomeId: outcomes.outcomeId });
  return row!.outcomeId;
}

export async function updateOutcome(
  db: Executor,
  outcomeId: number,
  values: OutcomeValues,
): Promise<boolean> {
  const rows = await db
    .update(outcomes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(outcomes.outcomeId, outcomeId))
    .returning({ outcomeId: outcomes.outcomeId });
  return rows.length > 0;
}

/**
 * The plan reopens with it (trigger outcomes_delete_reopen); when the client already has another
 * open plan the statement fails on the one-open-plan index and nothing is deleted.
 */
export async function deleteOutcome(db: Executor, outcomeId: number): Promise<boolean> {
  const rows = await db
    .delete(outcomes)
    .where(eq(outcomes.outcomeId, outcomeId))
    .returning({ outcomeId: outcomes.outcomeId });
  return rows.length > 0;
}
