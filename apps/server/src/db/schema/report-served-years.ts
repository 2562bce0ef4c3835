import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';

/**
 * The clients dashboard over whole fiscal years (1 April to 31 March, `fy` the year it starts),
 * per centre, already broken down (migration 0020): for each series of the dashboard (`age_band`,
 * `gender`, `indigenous`, `status_type`, `reserve`, `disability`, `education`, `citizenship`,
 * `province`) and each of its keys, the clients served; and the active clients (`active`, key '').
 * Kept by triggers on report_client_spans itself: each span row adds to every fiscal year it
 * counts in (it meets the year, and its client's earlier spans, or plans, all end before the year
 * starts) and takes it away when it changes. A span still open counts in every year to come, so
 * the years are kept up to `report_served_horizon.fy`; a later year is read from the spans. Rows
 * are never removed: a count may come back to 0.
 */
export const reportServedYears = pgTable(
  'report_served_years',
  {
    fy: integer('fy').notNull(),
    centreId: integer('centre_id').notNull(),
    series: varchar('series', { length: 16 }).notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'report_served_years_pk', columns: [t.fy, t.centreId, t.series, t.key] })],
);

/** The last fiscal year report_served_years holds: one row (report_served_extend moves it on). */
export const reportServedHorizon = pgTable(
  'report_served_horizon',
  {
    one: boolean('one').primaryKey().default(true),
    fy: integer('fy').notNull(),
  },
  (t) => [check('report_served_horizon_one_ck', sql`${t.one}`)],
);
