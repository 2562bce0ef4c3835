import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { FOLLOW_UP_HOURS, OUTCOME_EMPLOYMENT_TYPES, POST_PROGRAM_STATUSES } from '@cairn/shared/enums';
import { oneOf } from './checks.ts';
import { plans } from './plans.ts';
import { outcomes } from './plan-records.ts';
import { users } from './users.ts';
import { timestamps } from './timestamps.ts';

/**
 * A follow-up after a plan closes: scheduled at FOLLOW_UP_MONTHS after the outcome's date, recorded
 * by a worker (contact date, reached or not and, when reached, the person's situation). It goes with
 * its outcome: deleting the outcome removes its follow-ups.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    followUpId: integer('follow_up_id').primaryKey().generatedByDefaultAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.planId, { onDelete: 'cascade' }),
    outcomeId: integer('outcome_id')
      .notNull()
      .references(() => outcomes.outcomeId, { onDelete: 'cascade' }),
    /**
     * The outcome's date and the client's centre, for the retention rollup: filled on insert by
     * the trigger follow_ups_fill whatever the insert says, and followed by triggers (migration 0037).
     */
    outcomeDate: date('outcome_date', { mode: 'string' })
      .notNull()
      .$defaultFn(() => sql`DEFAULT`),
    centreId: integer('centre_id')
      .notNull()
      .$defaultFn(() => sql`DEFAULT`),
    /** The client's worker (null: unassigned), kept the same way (migration 0039) for My work. */
    workerId: integer('worker_id'),
    /** Months after the outcome's date (3, 6, 12 by default). */
    month: smallint('month').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Null until recorded. */
    contactDate: date('contact_date', { mode: 'string' }),
    reached: boolean('reached'),
    postProgramStatus: varchar('post_program_status', { length: 64 }),
    hours: varchar('hours', { length: 16 }),
    employmentType: varchar('employment_type', { length: 32 }),
    jobTitle: varchar('job_title', { length: 64 }),
    noc: varchar('noc', { length: 5 }),
    note: varchar('note', { length: 2048 }),
    recordedBy: integer('recorded_by').references(() => users.userId),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    unique('follow_ups_plan_month_uq').on(t.planId, t.month),
    check('follow_ups_month_ck', sql`${t.month} BETWEEN 1 AND 120`),
    check('follow_ups_post_program_status_ck', oneOf(t.postProgramStatus, POST_PROGRAM_STATUSES)),
    check('follow_ups_hours_ck', oneOf(t.hours, FOLLOW_UP_HOURS)),
    check('follow_ups_employment_type_ck', oneOf(t.employmentType, OUTCOME_EMPLOYMENT_TYPES)),
    check('follow_ups_noc_ck', sql`${t.noc} ~ '^[0-9]{4,5}$'`),
    // Recorded means a contact date and whether the person was reached; what they said only when reached.
    check('follow_ups_recorded_ck', sql`(${t.contactDate} IS NULL) = (${t.reached} IS NULL)`),
    check(
      'follow_ups_reached_ck',
      sql`${t.reached} IS TRUE OR (${t.postProgramStatus} IS NULL AND ${t.hours} IS NULL AND ${t.employmentType} IS NULL AND ${t.jobTitle} IS NULL AND ${t.noc} IS NULL)`,
    ),
    index('follow_ups_outcome_idx').on(t.outcomeId),
    // "My work" finds a worker's follow-ups not yet recorded by their due date: one range of it.
    index('follow_ups_worker_open_idx')
      .on(t.workerId, t.dueDate, t.planId, t.month)
      .where(sql`${t.contactDate} IS NULL`),
  ],
);
