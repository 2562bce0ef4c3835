import { sql } from 'drizzle-orm';
import { boolean, char, date, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';

/**
 * Report tables kept by statement-level triggers (migration 0018, docs/ARCHITECTURE.md, Reports),
 * so the clients, client interactions and stories dashboards read a few narrow rows instead of
 * every client, plan and interaction of a fiscal year. The migration backfills them; no code
 * writes them.
 */

/**
 * Sums per centre, day and key: `new_client` (key 0, by intake day) and `interaction` (key: the
 * interaction type's id, summing each record's count). A range's figure is the sum of its days.
 */
export const reportDayCounts = pgTable(
  'report_day_counts',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    centreId: integer('centre_id').notNull(),
    key: integer('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ name: 'report_day_counts_pk', columns: [t.kind, t.day, t.centreId, t.key] }),
    // A range of days read from the index alone, every centre and one centre.
    index('report_day_counts_day_idx').on(t.kind, t.day, t.key, t.n),
    index('report_day_counts_centre_idx').on(t.kind, t.centreId, t.day, t.key, t.n),
  ],
);

/**
 * Each combination of the answers the clients dashboard breaks down (all but the date of birth),
 * once: `key` is the combination as a row's text, so that a client's answers find their row by
 * equality. A served span names its client's combination, and the dashboard groups the served
 * clients by a small integer before it breaks the groups down. Rows are only ever added.
 */
export const reportAnswerSets = pgTable('report_answer_sets', {
  answersId: integer('answers_id').primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull().unique('report_answer_sets_key_uq'),
  gender: varchar('gender', { length: 16 }),
  indigenous: varchar('indigenous', { length: 3 }),
  statusType: varchar('status_type', { length: 32 }),
  reserve: varchar('reserve', { length: 16 }),
  disability: varchar('disability', { length: 3 }),
  highestEducation: varchar('highest_education', { length: 32 }),
  citizenship: varchar('citizenship', { length: 32 }),
  province: char('province', { length: 2 }),
});

/**
 * When each client was served: one row for the intake day and one per plan (from its start to
 * its outcome, or 'infinity' while it is open), with the client's centre, birth date and answers
 * (report_answer_sets). `prev_end` is the latest end among the client's
 * earlier rows (ordered by start), `prev_plan_end` the same among its plans; '-infinity' when
 * there is none. A client is counted once for a range by the first of its rows that meets the
 * range, the one whose earlier rows all end before the range starts: a distinct count becomes a
 * plain count.
 */
export const reportClientSpans = pgTable(
  'report_client_spans',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    centreId: integer('centre_id').notNull(),
    isPlan: boolean('is_plan').notNull(),
    spanStart: date('span_start', { mode: 'string' }).notNull(),
    spanEnd: date('span_end', { mode: 'string' }).notNull(),
    prevEnd: date('prev_end', { mode: 'string' }).notNull(),
    prevPlanEnd: date('prev_plan_end', { mode: 'string' }).notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    answersId: integer('answers_id')
      .notNull()
      .references(() => reportAnswerSets.answersId),
  },
  (t) => [
    primaryKey({ name: 'report_client_spans_pk', columns: [t.clientId, t.seq] }),
    // The rows that meet a range end on or after its start. The served clients, every centre and
    // one centre, read from the index alone (their answers and birth date ride along)…
    index('report_client_spans_end_idx').on(t.spanEnd, t.prevEnd, t.spanStart, t.answersId, t.dateOfBirth),
    index('report_client_spans_centre_end_idx').on(
      t.centreId,
      t.spanEnd,
      t.prevEnd,
      t.spanStart,
      t.answersId,
      t.dateOfBirth,
    ),
    // …and the active clients among the plans.
    index('report_client_spans_plan_end_idx')
      .on(t.spanEnd, t.prevPlanEnd, t.spanStart)
      .where(sql`${t.isPlan}`),
    index('report_client_spans_centre_plan_end_idx')
      .on(t.centreId, t.spanEnd, t.prevPlanEnd, t.spanStart)
      .where(sql`${t.isPlan}`),
  ],
);

/**
 * The days a client has records (`n` of them, or the sum of their counts), with the client's
 * previous such day ('-infinity' for the first) and centre. A client has records in a range when
 * one of its days falls in it, and is counted once by the day whose previous day is before the
 * range: a distinct count read from the index alone.
 */
function clientDays(name: string) {
  return pgTable(
    name,
    {
      clientId: integer('client_id').notNull(),
      day: date('day', { mode: 'string' }).notNull(),
      prevDay: date('prev_day', { mode: 'string' }).notNull(),
      centreId: integer('centre_id').notNull(),
      n: integer('n').notNull(),
    },
    (t) => [
      primaryKey({ name: `${name}_pk`, columns: [t.clientId, t.day] }),
      index(`${name}_day_idx`).on(t.day, t.prevDay, t.n),
      index(`${name}_centre_day_idx`).on(t.centreId, t.day, t.prevDay, t.n),
    ],
  );
}

/** A client's interaction days (n: the sum of the records' counts). */
export const reportInteractionDays = clientDays('report_interaction_days');

/** A client's story days (n: the stories dated that day). */
export const reportStoryDays = clientDays('report_story_days');
