import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { CURRENT_EMPLOYMENT, PLAN_EMPLOYMENT_TYPES, PLAN_STATUSES, YES_NO } from '@cairn/shared/enums';
import { oneOf } from './checks.ts';
import { clients } from './clients.ts';
import { users } from './users.ts';

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
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_status_ck', oneOf(t.status, PLAN_STATUSES)),
    check('plans_current_employment_ck', oneOf(t.currentEmployment, CURRENT_EMPLOYMENT)),
    check('plans_employment_type_ck', oneOf(t.employmentType, PLAN_EMPLOYMENT_TYPES)),
    check('plans_apprentice_ck', oneOf(t.apprentice, YES_NO)),
    check('plans_accessing_supports_ck', oneOf(t.accessingSupports, YES_NO)),
    check('plans_relocate_ck', oneOf(t.relocate, YES_NO)),
    // A client's plans, newest first (profile side menu, plan list, recent status).
    index('plans_client_idx').on(t.clientId, t.date.desc(), t.planId.desc()),
    // Spec §4: one open plan per client, whatever the callers do.
    uniqueIndex('plans_one_open_per_client_uq')
      .on(t.clientId)
      .where(sql`${t.status} = 'Open'`),
  ],
);
