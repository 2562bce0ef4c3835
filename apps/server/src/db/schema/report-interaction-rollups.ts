import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * The client interactions dashboard over whole months and fiscal years (migration 0021), kept by
 * statement-level triggers on the report tables they sum, so that a fiscal year reads a few
 * hundred rows instead of every day of it.
 */

/**
 * report_day_counts' `interaction` rows summed per month (`month`, its first day), centre and
 * interaction type: a range reads the months it covers whole here and its edge days there. Rows
 * are never removed: a sum may come back to 0.
 */
export const reportInteractionMonths = pgTable(
  'report_interaction_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    centreId: integer('centre_id').notNull(),
    interactionId: integer('interaction_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ name: 'report_interaction_months_pk', columns: [t.month, t.centreId, t.interactionId] }),
  ],
);

/**
 * The clients reached per fiscal year (1 April to 31 March, `fy` the year it starts) and centre:
 * the report_interaction_days rows that fall in the year and whose previous day comes before it,
 * so each client once. Needs no horizon: a day counts only in its own year. Rows are never
 * removed.
 */
export const reportReachedYears = pgTable(
  'report_reached_years',
  {
    fy: integer('fy').notNull(),
    centreId: integer('centre_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'report_reached_years_pk', columns: [t.fy, t.centreId] })],
);

/**
 * The stories dashboard over fiscal years (migration 0044), kept like the two above from
 * report_story_days: the stories per month (`month`, its first day) and centre, and the clients
 * with a story per fiscal year and centre (a story day whose previous one comes before the year,
 * so each client once). Rows are never removed: a sum may come back to 0.
 */
export const reportStoryMonths = pgTable(
  'report_story_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    centreId: integer('centre_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'report_story_months_pk', columns: [t.month, t.centreId] })],
);

export const reportStoryYears = pgTable(
  'report_story_years',
  {
    fy: integer('fy').notNull(),
    centreId: integer('centre_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'report_story_years_pk', columns: [t.fy, t.centreId] })],
);
