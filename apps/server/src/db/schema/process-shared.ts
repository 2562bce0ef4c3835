import { date, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What several server processes on one database must count or run together (docs/ARCHITECTURE.md,
 * "Several processes"): the rate limits' windows, and the daily jobs' last runs.
 */

/**
 * One rate limit's window per route and caller (`POST /api/auth/login|203.0.113.5`): its hits
 * since `window_started`. Every process counts in the same row, so N processes allow the
 * configured number, not N times it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 512 }).primaryKey(),
    hits: integer('hits').notNull(),
    windowStarted: timestamp('window_started', { withTimezone: true }).notNull(),
  },
  // Removing the windows long over (the daily clean-up).
  (t) => [index('rate_limits_window_idx').on(t.windowStarted)],
);

/** The day each daily job last ran (any process): the first process to claim a day runs it. */
export const dailyJobRuns = pgTable('daily_job_runs', {
  job: text('job').primaryKey(),
  ranOn: date('ran_on', { mode: 'string' }).notNull(),
});
