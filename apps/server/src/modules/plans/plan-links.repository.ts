import type { PlanBarrier, PlanSupport, PlanTraining } from '@cairn/shared/plans.schemas';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import { barriers, supports, trainings } from '../../db/schema/catalogue.ts';
import { planBarriers, planSupports, planTrainings } from '../../db/schema/plans.ts';

/** The catalogue lists a plan picks from. */
export type CatalogueKind = 'barriers' | 'supports' | 'trainings';

/** What the plan rules need to know of a catalogue item. */
export interface CatalogueEntry {
  disabled: boolean;
  /** The list's 'Other' item, which a plan names itself. */
  isOther: boolean;
}

/** A barrier or support as a plan keeps it: the catalogue item and, for 'Other', its own name. */
export interface PlanItemValues {
  id: number;
  other_name: string | null;
}

export interface PlanTrainingValues {
  trainingId: number;
  date: string;
  noc: string | null;
  otherName: string | null;
}

const CATALOGUE_READS = {
  barriers: (db: Executor, ids: number[]) =>
    db
      .select({ id: barriers.barrierId, disabled: barriers.disabled, isOther: barriers.isOther })
      .from(barriers)
      .where(inArray(barriers.barrierId, ids)),
  supports: (db: Executor, ids: number[]) =>
    db
      .select({ id: supports.supportId, disabled: supports.disabled, isOther: supports.isOther })
      .from(supports)
      .where(inArray(supports.supportId, ids)),
  trainings: (db: Executor, ids: number[]) =>
    db
      .select({ id: trainings.trainingId, disabled: trainings.disabled, isOther: trainings.isOther })
      .from(trainings)
      .where(inArray(trainings.trainingId, ids)),
};

/** The named catalogue items that exist, active or disabled, by id (one query). */
export async function findCatalogueEntries(
  db: Executor,
  kind: CatalogueKind,
  ids: number[],
): Promise<Map<number, CatalogueEntry>> {
  if (ids.length === 0) return new Map();
  const rows = await CATALOGUE_READS[kind](db, [...new Set(ids)]);
  return new Map(rows.map(({ id, ...entry }) => [id, entry]));
}

/** The barriers of several plans at once (a client's plan list), each plan's in its own order. */
export function listPlanBarriers(
  db: Executor,
  planIds: number[],
): Promise<Array<PlanBarrier & { plan_id: number }>> {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      plan_id: planBarriers.planId,
      barrier_id: barriers.barrierId,
      name: barriers.name,
      description: barriers.description,
      name_fr: barriers.nameFr,
      description_fr: barriers.descriptionFr,
      category: barriers.category,
      disabled: barriers.disabled,
      is_other: barriers.isOther,
      other_name: planBarriers.otherName,
    })
    .from(planBarriers)
    .innerJoin(barriers, eq(barriers.barrierId, planBarriers.barrierId))
    .where(inArray(planBarriers.planId, planIds))
    .orderBy(asc(planBarriers.planId), asc(planBarriers.position), asc(planBarriers.planBarrierId));
}

export function listPlanSupports(db: Executor, planId: number): Promise<PlanSupport[]> {
  return db
    .select({
      support_id: supports.supportId,
      name: supports.name,
      description: supports.description,
      name_fr: supports.nameFr,
      description_fr: supports.descriptionFr,
      category: supports.category,
      disabled: supports.disabled,
      is_other: supports.isOther,
      other_name: planSupports.otherName,
    })
    .from(planSupports)
    .innerJoin(supports, eq(supports.supportId, planSupports.supportId))
    .where(eq(planSupports.planId, planId))
    .orderBy(asc(planSupports.position), asc(planSupports.planSupportId));
}

/** A plan's trainings by date, the 'Other' ones last (spec §9). */
export function listPlanTrainings(db: Executor, planId: number): Promise<PlanTraining[]> {
  return db
    .select({
      plan_training_id: planTrainings.planTrainingId,
      training_id: trainings.trainingId,
      name: trainings.name,
      description: trainings.description,
      name_fr: trainings.nameFr,
      description_fr: trainings.descriptionFr,
      certificate: trainings.certificate,
      disabled: trainings.disabled,
      is_other: trainings.isOther,
      date: planTrainings.date,
      noc: planTrainings.noc,
      other_name: planTrainings.otherName,
    })
    .from(planTrainings)
    .innerJoin(trainings, eq(trainings.trainingId, planTrainings.trainingId))
    .where(eq(planTrainings.planId, planId))
    .orderBy(asc(trainings.isOther), asc(planTrainings.date), asc(planTrainings.planTrainingId));
}

/** Replaces a plan's barriers with `items`, in their order. */
export function replacePlanBarriers(db: Executor, planId: number, items: PlanItemValues[]) {
  const rows = items.map((b, i) => ({ planId, barrierId: b.id, otherName: b.other_name, position: i }));
  return replaceLinks(db, planBarriers, planId, rows);
}

/** Replaces a plan's supports with `items`, in their order. */
export function replacePlanSupports(db: Executor, planId: number, items: PlanItemValues[]) {
  const rows = items.map((s, i) => ({ planId, supportId: s.id, otherName: s.other_name, position: i }));
  return replaceLinks(db, planSupports, planId, rows);
}

/** A plan's list is saved whole: the old rows go, the new ones come in (within the caller's transaction). */
async function replaceLinks<T extends typeof planBarriers | typeof planSupports>(
  db: Executor,
  table: T,
  planId: number,
  rows: Array<PgInsertValue<T>>,
): Promise<void> {
  await db.delete(table).where(eq(table.planId, planId));
  if (rows.length > 0) await db.insert(table).values(rows);
}

/** Removes the plan's trainings other than `keepIds`. */
export async function deletePlanTrainingsExcept(db: Executor, planId: number, keepIds: number[]) {
  await db
    .delete(planTrainings)
    .where(
      keepIds.length === 0
        ? eq(planTrainings.planId, planId)
        : and(eq(planTrainings.planId, planId), notInArray(planTrainings.planTrainingId, keepIds)),
    );
}

export async function updatePlanTraining(
  db: Executor,
  planId: number,
  planTrainingId: number,
  values: PlanTrainingValues,
) {
  await db
    .update(planTrainings)
    .set(values)
    .where(and(eq(planTrainings.planId, planId), eq(planTrainings.planTrainingId, planTrainingId)));
}

export async function insertPlanTrainings(db: Executor, planId: number, rows: PlanTrainingValues[]) {
  if (rows.length === 0) return;
  await db.insert(planTrainings).values(rows.map((r) => ({ planId, ...r })));
}
