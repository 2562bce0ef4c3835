import {
  TRAINING_CATEGORY,
  type Barrier,
  type ReportingType,
  type Support,
  type Training,
} from '@cairn/shared/catalogue.schemas';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { selectRows, type Executor } from '../../db/database.ts';
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
      name_fr: barriers.nameFr,
      description_fr: barriers.descriptionFr,
      description: barriers.description,
      category: barriers.category,
      disabled: barriers.disabled,
      is_other: barriers.isOther,
      reporting_type: barriers.reportingType,
      reporting_type_name: reportingTypes.type,
      reporting_type_name_fr: reportingTypes.nameFr,
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
      name_fr: supports.nameFr,
      description_fr: supports.descriptionFr,
      category: supports.category,
      description: supports.description,
      reporting_type: supports.reportingType,
      reporting_type_name: reportingTypes.type,
      reporting_type_name_fr: reportingTypes.nameFr,
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
      name_fr: trainings.nameFr,
      description_fr: trainings.descriptionFr,
      // Spec §3: trainings have no categories; the field is always '-'.
      category: sql<typeof TRAINING_CATEGORY>`${TRAINING_CATEGORY}::text`,
      description: trainings.description,
      certificate: trainings.certificate,
      noc: trainings.noc,
      reporting_type: trainings.reportingType,
      reporting_type_name: reportingTypes.type,
      reporting_type_name_fr: reportingTypes.nameFr,
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
      name_fr: reportingTypes.nameFr,
      category: reportingTypes.category,
    })
    .from(reportingTypes)
    .orderBy(
      sql`${reportingTypes.category} collate "C"`,
      byName(reportingTypes.type),
      asc(reportingTypes.reportingTypeId),
    );
}

/** The catalogue kinds, by the path segment that names them (spec §7). */
export type CatalogueKind = 'barriers' | 'supports' | 'trainings';

/** A catalogue item as a save writes it; `category` for barriers and supports, `certificate` for trainings. */
export interface ItemValues {
  name: string;
  description: string | null;
  /** undefined: the stored French stays. */
  nameFr?: string | null;
  descriptionFr?: string | null;
  disabled: boolean;
  reportingType: number | null;
  category?: string;
  certificate?: boolean;
}

/** What a save must know of the stored item. */
export interface StoredItem {
  name: string;
  disabled: boolean;
  isOther: boolean;
}

/** Each kind's table and id column (constants: never from a request). */
const TABLES: Record<CatalogueKind, { table: string; id: string }> = {
  barriers: { table: 'barriers', id: 'barrier_id' },
  supports: { table: 'supports', id: 'support_id' },
  trainings: { table: 'trainings', id: 'training_id' },
};

/** The unique index a second active item of the same name violates. */
export const ACTIVE_NAME_INDEXES = Object.keys(TABLES).map((kind) => `${kind}_active_name_uq`);

/** The columns a save writes, for the kind: trainings have no category and a certificate. */
function columnValues(kind: CatalogueKind, v: ItemValues): Array<[string, SQL]> {
  const common: Array<[string, SQL]> = [
    ['name', sql`${v.name}`],
    ['description', sql`${v.description}`],
    ['disabled', sql`${v.disabled}`],
    ['reporting_type', sql`${v.reportingType}::int`],
    ...(v.nameFr === undefined ? [] : [['name_fr', sql`${v.nameFr}`] as [string, SQL]]),
    ...(v.descriptionFr === undefined ? [] : [['description_fr', sql`${v.descriptionFr}`] as [string, SQL]]),
  ];
  return kind === 'trainings'
    ? // Spec §3: a catalogue training's noc is always false (a plan's training holds the code).
      [...common, ['certificate', sql`${v.certificate ?? false}`], ['noc', sql`false`]]
    : [...common, ['category', sql`${v.category}`]];
}

export async function insertItem(db: Executor, kind: CatalogueKind, values: ItemValues): Promise<number> {
  const { table, id } = TABLES[kind];
  const columns = columnValues(kind, values);
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO ${sql.raw(table)} (${sql.raw(columns.map(([c]) => c).join(', '))})
        VALUES (${sql.join(
          columns.map(([, v]) => v),
          sql`, `,
        )})
        RETURNING ${sql.raw(id)} AS id`,
  );
  return row!.id;
}

export async function updateItem(db: Executor, kind: CatalogueKind, itemId: number, values: ItemValues) {
  const { table, id } = TABLES[kind];
  const set = columnValues(kind, values).map(([c, v]) => sql`${sql.raw(c)} = ${v}`);
  await db.execute(
    sql`UPDATE ${sql.raw(table)} SET ${sql.join(set, sql`, `)}, updated_at = now()
         WHERE ${sql.raw(id)} = ${itemId}`,
  );
}

/** The stored item, locked until the transaction ends; undefined when there is none. */
export async function lockItem(
  db: Executor,
  kind: CatalogueKind,
  itemId: number,
): Promise<StoredItem | undefined> {
  const { table, id } = TABLES[kind];
  const [row] = await selectRows<StoredItem>(
    db,
    sql`SELECT name, disabled, is_other AS "isOther" FROM ${sql.raw(table)}
         WHERE ${sql.raw(id)} = ${itemId} FOR UPDATE`,
  );
  return row;
}

/** The category (Barrier, Support, Training) of a reporting type, or undefined when there is none. */
export async function reportingTypeCategory(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ category: reportingTypes.category })
    .from(reportingTypes)
    .where(eq(reportingTypes.reportingTypeId, id));
  return row?.category;
}

/**
 * The version of a kind's lists: it changes with every save (each sets updated_at, and items are
 * never removed), so it serves as their ETag.
 */
export async function catalogueVersion(db: Executor, kind: CatalogueKind): Promise<string> {
  const [row] = await selectRows<{ n: number; at: string | null }>(
    db,
    sql`SELECT count(*)::int AS n, to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') AS at
          FROM ${sql.raw(TABLES[kind].table)}`,
  );
  return `${kind}-${row!.n}-${row!.at ?? '0'}`;
}
