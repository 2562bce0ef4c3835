import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Rollups of the plans, outcomes and supports-and-trainings dashboards (issue 12), kept exact by
 * statement-level triggers (migration 0019, docs/ARCHITECTURE.md "Reporting"). Each row counts the
 * records of one centre on one day (`grain` 'd') or in one month (`grain` 'm', `day` its first
 * day): every change is added to both, so a range reads its whole months and only its edge days.
 * A key that may be empty is stored as '' (none); catalogue names are joined when read.
 */
const grain = () => char('grain', { length: 1 }).notNull();
const grainCheck = (table: string) => check(`${table}_grain_ck`, sql.raw(`"${table}"."grain" in ('d', 'm')`));

/** Plans opened on `day` (the plan's date) and closed on `day` (the later of its date and its outcome's). */
export const reportPlanDays = pgTable(
  'report_plan_days',
  {
    grain: grain(),
    day: date('day').notNull(),
    centreId: integer('centre_id').notNull(),
    currentEmployment: varchar('current_employment', { length: 32 }).notNull(),
    opened: integer('opened').notNull().default(0),
    closed: integer('closed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.day, t.centreId, t.currentEmployment] }),
    grainCheck('report_plan_days'),
  ],
);

/** A plan's supports, counted on the day the plan opens and on the day it closes (as above). */
export const reportSupportDays = pgTable(
  'report_support_days',
  {
    grain: grain(),
    day: date('day').notNull(),
    centreId: integer('centre_id').notNull(),
    supportId: integer('support_id').notNull(),
    opened: integer('opened').notNull().default(0),
    closed: integer('closed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.day, t.centreId, t.supportId] }),
    grainCheck('report_support_days'),
  ],
);

/** A plan's barriers, counted on the day the plan opens. */
export const reportBarrierDays = pgTable(
  'report_barrier_days',
  {
    grain: grain(),
    day: date('day').notNull(),
    centreId: integer('centre_id').notNull(),
    barrierId: integer('barrier_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.day, t.centreId, t.barrierId] }),
    grainCheck('report_barrier_days'),
  ],
);

/** Outcomes on their date, by their answers. */
export const reportOutcomeDays = pgTable(
  'report_outcome_days',
  {
    grain: grain(),
    day: date('day').notNull(),
    centreId: integer('centre_id').notNull(),
    programOutcome: varchar('program_outcome', { length: 32 }).notNull(),
    incompleteReason: varchar('incomplete_reason', { length: 32 }).notNull(),
    postProgramStatus: varchar('post_program_status', { length: 64 }).notNull(),
    receivedCertificate: varchar('received_certificate', { length: 3 }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'report_outcome_days_pk',
      columns: [
        t.grain,
        t.day,
        t.centreId,
        t.programOutcome,
        t.incompleteReason,
        t.postProgramStatus,
        t.receivedCertificate,
      ],
    }),
    grainCheck('report_outcome_days'),
  ],
);

/** Trainings on their date, by training and NOC code. */
export const reportTrainingDays = pgTable(
  'report_training_days',
  {
    grain: grain(),
    day: date('day').notNull(),
    centreId: integer('centre_id').notNull(),
    trainingId: integer('training_id').notNull(),
    noc: varchar('noc', { length: 5 }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.day, t.centreId, t.trainingId, t.noc] }),
    grainCheck('report_training_days'),
  ],
);

/** Spending lines on their date: how many, and their sum in cents. */
export const reportSpendingDays = pgTable(
  'report_spending_days',
  {
    grain: grain(),
    day: date('day').notNull(),
    centreId: integer('centre_id').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
    lines: integer('lines').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.grain, t.day, t.centreId] }), grainCheck('report_spending_days')],
);

/**
 * Follow-ups by their outcome's date (`day`), follow-up month and due date (`due`, at the row's
 * grain: the day, or the first of its month): how many, reached, employed or self-employed, and of
 * those full and part time, the retention of the outcomes dashboard and the ministry file's Summary
 * (issue 32). Kept by the follow-ups' own triggers from the outcome date and centre each
 * follow-up carries (migration 0037), so a range due by a day reads its whole outcome months due in
 * whole months before that day's, and days only at the edges.
 */
export const reportFollowUpDays = pgTable(
  'report_follow_up_days',
  {
    grain: grain(),
    day: date('day').notNull(),
    centreId: integer('centre_id').notNull(),
    month: smallint('month').notNull(),
    due: date('due').notNull(),
    n: integer('n').notNull().default(0),
    reached: integer('reached').notNull().default(0),
    employed: integer('employed').notNull().default(0),
    fullTime: integer('full_time').notNull().default(0),
    partTime: integer('part_time').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.day, t.centreId, t.month, t.due] }),
    grainCheck('report_follow_up_days'),
    // The days of the whole outcome months whose follow-ups fall due in the month of the day asked.
    index('report_follow_up_days_due_idx')
      .on(t.due, t.day)
      .where(sql`${t.grain} = 'd'`),
  ],
);
