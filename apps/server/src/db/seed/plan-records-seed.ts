import { eq } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { barriers, supports, trainings } from '../schema/catalogue.ts';
import { notes, outcomes, spendings } from '../schema/plan-records.ts';
import { planBarriers, planSupports, planTrainings } from '../schema/plans.ts';
import type { FakeLink, FakePlanRecords } from './fake-plan-records.ts';

/** One list's active items: the ordinary ones by name, and its 'Other' item (is_other). */
export interface CatalogueList {
  byName: ReadonlyMap<string, number>;
  other: number | undefined;
}

/** The active catalogue items: sample plans only use what a caseworker could pick. */
export interface CatalogueIds {
  barriers: CatalogueList;
  supports: CatalogueList;
  trainings: CatalogueList;
}

type ItemRow = { id: number; name: string; isOther: boolean };

function listOf(rows: ItemRow[]): CatalogueList {
  return {
    byName: new Map(rows.filter((r) => !r.isOther).map((r) => [r.name, r.id])),
    other: rows.find((r) => r.isOther)?.id,
  };
}

export async function loadCatalogueIds(db: Executor): Promise<CatalogueIds> {
  // One after another: inside a transaction the statements share one connection.
  const b = await db
    .select({ id: barriers.barrierId, name: barriers.name, isOther: barriers.isOther })
    .from(barriers)
    .where(eq(barriers.disabled, false));
  const s = await db
    .select({ id: supports.supportId, name: supports.name, isOther: supports.isOther })
    .from(supports)
    .where(eq(supports.disabled, false));
  const t = await db
    .select({ id: trainings.trainingId, name: trainings.name, isOther: trainings.isOther })
    .from(trainings)
    .where(eq(trainings.disabled, false));
  return { barriers: listOf(b), supports: listOf(s), trainings: listOf(t) };
}

/** The links whose item the catalogue still has, in order, with their position on the plan. */
function placed<T extends FakeLink>(links: readonly T[], list: CatalogueList) {
  return links.flatMap((l) => {
    const id = l.name === null ? list.other : list.byName.get(l.name);
    return id === undefined ? [] : [{ ...l, id }];
  });
}

/**
 * Writes one plan's records. The outcome goes last: the database closes the plan when its outcome
 * is written, so the plan must already be there (and, for sample data, already Closed).
 */
export async function insertPlanRecords(
  db: Executor,
  planId: number,
  createdBy: number | null,
  records: FakePlanRecords,
  catalogue: CatalogueIds,
): Promise<void> {
  const b = placed(records.barriers, catalogue.barriers);
  if (b.length) {
    await db
      .insert(planBarriers)
      .values(b.map((l, position) => ({ planId, barrierId: l.id, otherName: l.otherName, position })));
  }
  const s = placed(records.supports, catalogue.supports);
  if (s.length) {
    await db
      .insert(planSupports)
      .values(s.map((l, position) => ({ planId, supportId: l.id, otherName: l.otherName, position })));
  }
  const t = placed(records.trainings, catalogue.trainings);
  if (t.length) {
    await db
      .insert(planTrainings)
      .values(t.map((l) => ({ planId, trainingId: l.id, otherName: l.otherName, date: l.date, noc: l.noc })));
  }
  if (records.spendings.length) {
    await db.insert(spendings).values(records.spendings.map((r) => ({ ...r, planId, createdBy })));
  }
  if (records.notes.length) {
    await db.insert(notes).values(records.notes.map((r) => ({ ...r, planId, createdBy })));
  }
  if (records.outcome) await db.insert(outcomes).values({ ...records.outcome, planId, createdBy });
}
