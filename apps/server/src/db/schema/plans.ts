import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  CURRENT_EMPLOYMENT,
  PLAN_EMPLOYMENT_TYPES,
  PLAN_STATUSES,
  TRANSPORTATION_MODES,
  YES_NO,
} from '@cairn/shared/enums';
import { barriers, supports, trainings } from './catalogue.ts';
import { oneOf } from './checks.ts';
import { clients } from './clients.ts';
import { authored } from './authored.ts';

export const plans = pgTable(
  'plans',
  {
    planId: integer('plan_id').primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    /** Start date. */
    date: date('date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('Open'),
    currentEmployment: varchar('current_employment', { length: 32 }),
    employmentType: varchar('employment_type', { length: 32 }),
    apprentice: varchar('apprentice', { length: 3 }),
    accessingSupports: varchar('accessing_supports', { length: 3 }),
    relocate: varchar('relocate', { length: 3 }),
    transportation: varchar('transportation', { length: 64 }),
    ...authored(),
  },
  (t) => [
    check('plans_status_ck', oneOf(t.status, PLAN_STATUSES)),
    check('plans_current_employment_ck', oneOf(t.currentEmployment, CURRENT_EMPLOYMENT)),
    check('plans_employment_type_ck', oneOf(t.employmentType, PLAN_EMPLOYMENT_TYPES)),
    check('plans_apprentice_ck', oneOf(t.apprentice, YES_NO)),
    check('plans_accessing_supports_ck', oneOf(t.accessingSupports, YES_NO)),
    check('plans_relocate_ck', oneOf(t.relocate, YES_NO)),
    check('plans_transportation_ck', oneOf(t.transportation, TRANSPORTATION_MODES)),
    // A client's plans, newest first (profile side menu, plan list, recent status).
    index('plans_client_idx').on(t.clientId, t.date.desc(), t.planId.desc()),
    // Spec §4: one open plan per client, whatever the callers do.
    uniqueIndex('plans_one_open_per_client_uq')
      .on(t.clientId)
      .where(sql`${t.status} = 'Open'`),
    // Reports: the plans opened in a range (plans and clients dashboards, ministry summary).
    index('plans_date_idx').on(t.date),
    // Reports: the plans opened before a range and still open, a small part of all plans.
    index('plans_open_date_idx')
      .on(t.date)
      .where(sql`${t.status} = 'Open'`),
  ],
);

/**
 * The columns of a plan's barrier or support: its place in the plan's list and, for the 'Other'
 * item, the client's own name for it.
 */
function linkColumns() {
  return {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.planId, { onDelete: 'cascade' }),
    otherName: varchar('other_name', { length: 64 }),
    position: smallint('position').notNull(),
  };
}

export const planBarriers = pgTable(
  'plan_barriers',
  {
    planBarrierId: integer('plan_barrier_id').primaryKey().generatedByDefaultAsIdentity(),
    barrierId: integer('barrier_id')
      .notNull()
      .references(() => barriers.barrierId),
    ...linkColumns(),
  },
  (t) => [
    // Spec §9: an item appears once on a plan; 'Other' once per name it is given.
    uniqueIndex('plan_barriers_item_uq').on(t.planId, t.barrierId, sql`coalesce(lower(${t.otherName}), '')`),
    // Catalogue items in use (a disabled item stays on the plans that have it).
    index('plan_barriers_barrier_idx').on(t.barrierId),
  ],
);

export const planSupports = pgTable(
  'plan_supports',
  {
    planSupportId: integer('plan_support_id').primaryKey().generatedByDefaultAsIdentity(),
    supportId: integer('support_id')
      .notNull()
      .references(() => supports.supportId),
    ...linkColumns(),
  },
  (t) => [
    uniqueIndex('plan_supports_item_uq').on(t.planId, t.supportId, sql`coalesce(lower(${t.otherName}), '')`),
    index('plan_supports_support_idx').on(t.supportId),
  ],
);

/** A training on a plan: when it was taken and, optionally, the NOC code of the job it leads to. */
export const planTrainings = pgTable(
  'plan_trainings',
  {
    planTrainingId: integer('plan_training_id').primaryKey().generatedByDefaultAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.planId, { onDelete: 'cascade' }),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.trainingId),
    date: date('date', { mode: 'string' }).notNull(),
    /** NOC 2016 (4 digits) or NOC 2021 (5). */
    noc: varchar('noc', { length: 5 }),
    otherName: varchar('other_name', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plan_trainings_noc_ck', sql`${t.noc} ~ '^[0-9]{4,5}$'`),
    index('plan_trainings_plan_idx').on(t.planId, t.date),
    // Reports: the trainings dated in a range (supports and trainings dashboard, ministry file).
    index('plan_trainings_date_idx').on(t.date),
    index('plan_trainings_training_idx').on(t.trainingId),
  ],
);
