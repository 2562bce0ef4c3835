import { LATEST_STORY_WRITEUP_MAX } from '@cairn/shared/reporting-dashboards';
import { REPORTING_LIMITS } from '@cairn/shared/reporting.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import { withinScope } from '../access/access.repository.ts';
import { wholeFiscalYear, wholeMonths } from './reporting-rollups.repository.ts';
import {
  clientDaysInRange,
  clientsInScope,
  dashboardSql,
  dayCountsInRange,
  figure,
  inRange,
  monthKey,
  series,
  labelIn,
  type DashboardRange,
} from './reporting-rows.repository.ts';

/**
 * The client interactions dashboard: the interactions recorded in the range (each record counts
 * its `count`), by type and by month (split by type: `grp` is the type's id, `label` its name),
 * and the clients reached. The sums read the range's whole months from report_interaction_months
 * and its edge days from report_day_counts (a row per centre, day and type). The clients reached
 * of a whole fiscal year are report_reached_years' count; of any other range, the
 * report_interaction_days rows in it, each client counted by its first day in the range
 * (report-rollups.ts, report-interaction-rollups.ts).
 */
export function interactionsDashboardSql(r: DashboardRange): SQL {
  const { from, until } = wholeMonths(r.start, r.end);
  const ctes = sql`
    tm AS MATERIALIZED (
      SELECT x.interaction_id, x.month, sum(x.n) AS total
        FROM (SELECT m.interaction_id, m.month, m.n
                FROM report_interaction_months m
               WHERE ${withinScope(r.scope, sql`m.centre_id`)} AND m.month >= ${from}::date AND m.month < ${until}::date
              UNION ALL
              SELECT d.key, date_trunc('month', d.day)::date, d.n
                FROM report_day_counts d
               WHERE ${dayCountsInRange(r, 'interaction')} AND (d.day < ${from}::date OR d.day >= ${until}::date)) x
       GROUP BY 1, 2
      HAVING sum(x.n) > 0)`;
  const total = sql`sum(tm.total)`;
  const fy = wholeFiscalYear(r);
  const reached =
    fy === null
      ? sql`SELECT count(*) FROM (${clientDaysInRange(r, 'report_interaction_days')}) d
             WHERE d.prev_day < ${r.start}::date`
      : sql`SELECT coalesce(sum(y.n), 0) FROM report_reached_years y
             WHERE y.fy = ${fy}::integer AND ${withinScope(r.scope, sql`y.centre_id`)}`;
  return dashboardSql(ctes, [
    figure('interactions', sql`SELECT coalesce(sum(total), 0) FROM tm`),
    figure('clients_reached', reached),
    series('by_type', {
      key: sql`tm.interaction_id`,
      label: labelIn(r, sql`t.name`, sql`t.name_fr`),
      value: total,
      ord: sql`t.sort_order`,
      from: sql`tm JOIN interaction_types t ON t.interaction_id = tm.interaction_id`,
    }),
    series('by_month', {
      key: monthKey(sql`tm.month`),
      label: labelIn(r, sql`t.name`, sql`t.name_fr`),
      grp: sql`tm.interaction_id`,
      value: total,
      ord: sql`0`,
      from: sql`tm JOIN interaction_types t ON t.interaction_id = tm.interaction_id`,
    }),
  ]);
}

/**
 * The stories dashboard: stories dated in the range, by month, and the clients they tell of. A
 * whole fiscal year reads report_story_months and report_story_years (migration 0044: a few
 * hundred rows, whatever the number of stories); any other range reads report_story_days (a row
 * per client and day, counted once by the client's first day in the range).
 */
export function storiesDashboardSql(r: DashboardRange): SQL {
  const fy = wholeFiscalYear(r);
  if (fy !== null) {
    const months = sql`(SELECT m.month AS day, sum(m.n) AS n FROM report_story_months m
                         WHERE ${withinScope(r.scope, sql`m.centre_id`)}
                           AND m.month BETWEEN ${r.start}::date AND ${r.end}::date
                         GROUP BY m.month HAVING sum(m.n) > 0) s`;
    return dashboardSql(null, [
      figure('stories', sql`SELECT coalesce(sum(s.n), 0) FROM ${months}`),
      figure(
        'clients_with_stories',
        sql`SELECT coalesce(sum(y.n), 0) FROM report_story_years y
             WHERE y.fy = ${fy}::integer AND ${withinScope(r.scope, sql`y.centre_id`)}`,
      ),
      series('by_month', { key: monthKey(sql`s.day`), value: sql`sum(s.n)`, ord: sql`0`, from: months }),
    ]);
  }
  const ctes = sql`s AS MATERIALIZED (${clientDaysInRange(r, 'report_story_days')})`;
  return dashboardSql(ctes, [
    figure('stories', sql`SELECT coalesce(sum(n), 0) FROM s`),
    figure('clients_with_stories', sql`SELECT count(*) FROM s WHERE prev_day < ${r.start}::date`),
    series('by_month', { key: monthKey(sql`s.day`), value: sql`sum(s.n)`, ord: sql`0`, from: sql`s` }),
  ]);
}

export interface LatestStory {
  story_id: number;
  date: string;
  centre_name: string;
  writeup: string;
}

/** The latest stories of the range, newest first: no client name (a dashboard is shown on a shared screen). */
export function latestStories(db: Executor, r: DashboardRange): Promise<LatestStory[]> {
  return selectRows<LatestStory>(
    db,
    sql`SELECT st.story_id, to_char(st.date, 'YYYY-MM-DD') AS date, ce.name AS centre_name,
               left(st.writeup, ${LATEST_STORY_WRITEUP_MAX}) AS writeup
          FROM stories st
          JOIN clients c ON c.client_id = st.client_id
          JOIN centres ce ON ce.centre_id = c.centre_id
         WHERE ${clientsInScope(r)} AND ${inRange(sql`st.date`, r)}
         ORDER BY st.date DESC, st.story_id DESC
         LIMIT ${REPORTING_LIMITS.latestStories}`,
  );
}
