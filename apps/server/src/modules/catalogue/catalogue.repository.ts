import {
  TRAINING_CATEGORY,
  type Barrier,
  type ReportingType,
  type Support,
  type Training,
} from '@cairn/shared/catalogue.schemas';
import { asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import { barriers, reportingTypes, supports, trainings } from '../../db/schema/catalogue.ts';

/** One list of a kind: its active items, or its disabled ones. */
export interface CatalogueFilter {
  disabled: boolean;
}

/**
 * Names sort without case, byte-wise, so PGlite and PostgreSQL servers (whatever their
 * collation) give the same order.
 */
const byName = (name: AnyPgColumn) => sql`lower(${name}) collate "C"`;
/**
 * 'Other' (is_other: true sorts after false) after everything else of its group (spec §9 for
 * trainings; the same for the others).
 */
const otherLast = (isOther: AnyPgColumn) => asc(isOther);

function barrierQuery(db: Executor) {
  return db
    .select({
      barrier_id: barriers.barrierId,
      name: barriers.name,
      description: barriers.description,
      category: barriers.category,
      disabled: barriers.disabled,
      is_other: barriers.isOther,
      reporting_type: barriers.reportingType,
      reporting_type_name: reportingTypes.type,
    })
    .from(barriers)
    .leftJoin(reportingTypes, eq(reportingTypes.reportingTypeId, barriers.reportingType));
}

export function listBarriers(db: Executor, filter: CatalogueFilter): Promise<Barrier[]> {
  return barrierQuery(db)
    .where(eq(barriers.disabled, filter.disabled))
    .orderBy(
      sql`${barriers.category} collate "C"`,
      otherLast(barriers.isOther),
      byName(barriers.name),
      asc(barriers.barrierId),
    );
}

export async function findBarrier(db: Executor, id: number): Promise<Barrier | undefined> {
  const [row] = await barrierQuery(db).where(eq(barriers.barrierId, id));
  return row;
}

function supportQuery(db: Executor) {
  return db
    .select({
      support_id: supports.supportId,
      name: supports.name,
      category: supports.category,
      description: supports.description,
      reporting_type: supports.reportingType,
      reporting_type_name: reportingTypes.type,
      disabled: supports.disabled,
      is_other: supports.isOther,
    })
    .from(supports)
    .leftJoin(reportingTypes, eq(reportingTypes.reportingTypeId, supports.reportingType));
}

export function listSupports(db: Executor, filter: CatalogueFilter): Promise<Support[]> {
  return supportQuery(db)
    .where(eq(supports.disabled, filter.disabled))
    .orderBy(
      sql`${supports.category} collate "C"`,
      otherLast(supports.isOther),
      byName(supports.name),
      asc(supports.supportId),
    );
}

export async function findSupport(db: Executor, id: number): Promise<Support | undefined> {
  const [row] = await supportQuery(db).where(eq(supports.supportId, id));
  return row;
}

function trainingQuery(db: Executor) {
  return db
    .select({
      training_id: trainings.trainingId,
      name: trainings.name,
      // Spec §3: trainings have no categories; the field is always '-'.
      category: sql<typeof TRAINING_CATEGORY>`${TRAINING_CATEGORY}::text`,
      description: trainings.description,
      certificate: trainings.certificate,
      noc: trainings.noc,
      reporting_type: trainings.reportingType,
      reporting_type_name: reportingTypes.type,
      disabled: trainings.disabled,
      is_other: trainings.isOther,
    })
    .from(trainings)
    .leftJoin(reportingTypes, eq(reportingTypes.reportingTypeId, trainings.reportingType));
}

export function listTrainings(db: Executor, filter: CatalogueFilter): Promise<Training[]> {
  return trainingQuery(db)
    .where(eq(trainings.disabled, filter.disabled))
    .orderBy(otherLast(trainings.isOther), byName(trainings.name), asc(trainings.trainingId));
}

export async function findTraining(db: Executor, id: number): Promise<Training | undefined> {
  const [row] = await trainingQuery(db).where(eq(trainings.trainingId, id));
  return row;
}

export function listReportingTypes(db: Executor): Promise<ReportingType[]> {
  return db
    .select({
      reporting_type_id: reportingTypes.reportingTypeId,
      type: reportingTypes.type,
      category: reportingTypes.category,
    })
    .from(reportingTypes)
    .orderBy(
      sql`${reportingTypes.category} collate "C"`,
      byName(reportingTypes.type),
      asc(reportingTypes.reportingTypeId),
    );
}
