import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  BARRIER_CATEGORIES,
  REPORTING_CATEGORIES,
  SUPPORT_CATEGORIES,
  type BarrierCategory,
  type ReportingCategory,
  type SupportCategory,
} from '@cairn/shared/catalogue.schemas';
import { oneOf } from './checks.ts';
import { timestamps } from './timestamps.ts';

/** Ministry reporting categories that barriers, supports and trainings map to (spec §3). */
export const reportingTypes = pgTable(
  'reporting_types',
  {
    reportingTypeId: integer('reporting_type_id').primaryKey().generatedByDefaultAsIdentity(),
    type: varchar('type', { length: 128 }).notNull(),
    /** The type's name in French (issue 34); null until translated, when screens show `type`. */
    nameFr: varchar('name_fr', { length: 128 }),
    category: varchar('category', { length: 16 }).notNull().$type<ReportingCategory>(),
    ...timestamps(),
  },
  (t) => [
    check('reporting_types_category_ck', oneOf(t.category, REPORTING_CATEGORIES)),
    // A reporting line is named once per category, so the ministry report never splits one
    // line over two types (and the seed can find a type by its name).
    uniqueIndex('reporting_types_category_type_uq').on(t.category, t.type),
  ],
);

/**
 * At most one 'Other' item per list (spec §2 speaks of the barrier, support or training 'Other'):
 * the plan rules and the screens look for the one item that takes a name of its own.
 */
const oneOtherItem = (table: string, isOther: AnyPgColumn) =>
  uniqueIndex(`${table}_other_uq`)
    .on(isOther)
    .where(sql`${isOther}`);

/**
 * One active item per name, without case (the mapping screens answer 409 catalogue_name_taken):
 * plans and the screens offer active items by name.
 */
const activeName = (table: string, name: AnyPgColumn, disabled: AnyPgColumn) =>
  uniqueIndex(`${table}_active_name_uq`)
    .on(sql`lower(${name})`)
    .where(sql`NOT ${disabled}`);

/** The columns every catalogue item has (spec §3, §5 mapping items). */
function itemColumns() {
  return {
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 350 }),
    /** The name and description in French (issue 34); null until translated (screens show the English). */
    nameFr: varchar('name_fr', { length: 64 }),
    descriptionFr: varchar('description_fr', { length: 350 }),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * The list's 'Other' item (spec §2, §5, §9): a plan gives it a name of its own, it may repeat
     * on a plan under different names, and it sorts last. Its own name does not matter.
     */
    isOther: boolean('is_other').notNull().default(false),
    reportingType: integer('reporting_type').references((): AnyPgColumn => reportingTypes.reportingTypeId),
    ...timestamps(),
  };
}

export const barriers = pgTable(
  'barriers',
  {
    barrierId: integer('barrier_id').primaryKey().generatedByDefaultAsIdentity(),
    category: varchar('category', { length: 16 }).notNull().$type<BarrierCategory>(),
    ...itemColumns(),
  },
  (t) => [
    check('barriers_category_ck', oneOf(t.category, BARRIER_CATEGORIES)),
    check('barriers_name_ck', sql`btrim(${t.name}) <> ''`),
    // Plans pick barriers by name from the active list: two active items of the same name would
    // be indistinguishable there (case does not make a different barrier). A disabled item may
    // share a name with an active one; restoring it then waits for a rename (see activeName).
    activeName('barriers', t.name, t.disabled),
    // One 'Other' barrier for the whole list, whatever its category (see oneOtherItem).
    oneOtherItem('barriers', t.isOther),
  ],
);

export const supports = pgTable(
  'supports',
  {
    supportId: integer('support_id').primaryKey().generatedByDefaultAsIdentity(),
    category: varchar('category', { length: 16 }).notNull().$type<SupportCategory>(),
    ...itemColumns(),
  },
  (t) => [
    check('supports_category_ck', oneOf(t.category, SUPPORT_CATEGORIES)),
    check('supports_name_ck', sql`btrim(${t.name}) <> ''`),
    // As for barriers: one active item per name, so two supports never look the same on a plan.
    activeName('supports', t.name, t.disabled),
    // One 'Other' support for the whole list, whatever its category (see oneOtherItem).
    oneOtherItem('supports', t.isOther),
  ],
);

export const trainings = pgTable(
  'trainings',
  {
    trainingId: integer('training_id').primaryKey().generatedByDefaultAsIdentity(),
    ...itemColumns(),
    /** Whether completing the training earns a certificate. */
    certificate: boolean('certificate').notNull().default(false),
    /** Spec §3: always false on the catalogue item; a plan's training holds the NOC code. */
    noc: boolean('noc').notNull().default(false),
  },
  (t) => [
    check('trainings_name_ck', sql`btrim(${t.name}) <> ''`),
    // As for barriers: one active item per name, so two trainings never look the same on a plan.
    activeName('trainings', t.name, t.disabled),
    // One 'Other' training, the one that sorts last (see oneOtherItem).
    oneOtherItem('trainings', t.isOther),
  ],
);
