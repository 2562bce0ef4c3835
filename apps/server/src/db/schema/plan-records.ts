import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import {
  INCOMPLETE_REASONS,
  OUTCOME_EMPLOYMENT_TYPES,
  POST_PROGRAM_STATUSES,
  PROGRAM_OUTCOMES,
  YES_NO,
} from '@cairn/shared/enums';
import { oneOf } from './checks.ts';
import { plans } from './plans.ts';
import { authored } from './authored.ts';

/** The plan a record belongs to; records go with their plan. */
const planRef = () =>
  integer('plan_id')
    .notNull()
    .references(() => plans.planId, { onDelete: 'cascade' });

/** A line of money spent on the client's plan (spec §3 Spending). */
export const spendings = pgTable(
  'spendings',
  {
    spendingId: integer('spending_id').primaryKey().generatedByDefaultAsIdentity(),
    planId: planRef(),
    date: date('date', { mode: 'string' }).notNull(),
    item: varchar('item', { length: 64 }).notNull(),
    /** Dollars with cents; numeric, so sums are exact. */
    value: numeric('value', { precision: 12, scale: 2 }).notNull().default('0'),
    workGear: boolean('work_gear').notNull().default(false),
    description: varchar('description', { length: 1024 }),
    ...authored(),
  },
  (t) => [
    check('spendings_value_ck', sql`${t.value} >= 0`),
    index('spendings_plan_idx').on(t.planId, t.date.desc()),
    // Reports sum spending over a date range.
    index('spendings_date_idx').on(t.date),
  ],
);

/** A case note on a plan (spec §3 Note). */
export const notes = pgTable(
  'notes',
  {
    noteId: integer('note_id').primaryKey().generatedByDefaultAsIdentity(),
    planId: planRef(),
    topic: varchar('topic', { length: 64 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    notes: varchar('notes', { length: 2048 }).notNull(),
    flag: boolean('flag').notNull().default(false),
    ...authored(),
  },
  (t) => [index('notes_plan_idx').on(t.planId, t.date.desc())],
);

/**
 * How a plan ended (spec §3 Outcome). A plan has at most one; having one is what makes the plan
 * Closed (spec §4), which triggers on this table keep true whoever writes it.
 */
export const outcomes = pgTable(
  'outcomes',
  {
    outcomeId: integer('outcome_id').primaryKey().generatedByDefaultAsIdentity(),
    planId: planRef().unique('outcomes_plan_uq'),
    date: date('date', { mode: 'string' }).notNull(),
    programOutcome: varchar('program_outcome', { length: 32 }).notNull(),
    incompleteReason: varchar('incomplete_reason', { length: 32 }),
    postProgramStatus: varchar('post_program_status', { length: 64 }).notNull(),
    employmentType: varchar('employment_type', { length: 32 }),
    jobTitle: varchar('job_title', { length: 64 }),
    receivedCertificate: varchar('received_certificate', { length: 3 }).notNull(),
    ...authored(),
  },
  (t) => [
    check('outcomes_program_outcome_ck', oneOf(t.programOutcome, PROGRAM_OUTCOMES)),
    check('outcomes_incomplete_reason_ck', oneOf(t.incompleteReason, INCOMPLETE_REASONS)),
    check('outcomes_post_program_status_ck', oneOf(t.postProgramStatus, POST_PROGRAM_STATUSES)),
    check('outcomes_employment_type_ck', oneOf(t.employmentType, OUTCOME_EMPLOYMENT_TYPES)),
    check('outcomes_received_certificate_ck', oneOf(t.receivedCertificate, YES_NO)),
    // Spec §4 clearing rules, kept by the database too.
    check(
      'outcomes_incomplete_reason_rule_ck',
      sql`${t.programOutcome} <> 'Complete' OR ${t.incompleteReason} IS NULL`,
    ),
    check(
      'outcomes_employment_rule_ck',
      sql`${t.postProgramStatus} IN ('Employed', 'Self-employed') OR (${t.employmentType} IS NULL AND ${t.jobTitle} IS NULL)`,
    ),
    // Reports count outcomes over a date range.
    index('outcomes_date_idx').on(t.date),
  ],
);
