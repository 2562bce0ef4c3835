import { LATEST_STORY_WRITEUP_MAX } from '@cairn/shared/reporting-dashboards';
import { REPORTING_LIMITS } from '@cairn/shared/reporting.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import {
  clientsInScope,
  dashboardSql,
  inRangeCentres,
  figure,
  inRange,
  monthKey,
  series,
  type DashboardRange,
} from './reporting-rows.repository.ts';

/**
 * The client interactions dashboard: the interactions recorded in the range (each record counts
 * its `count`), by type and by month (split by type: `grp` is the type's id, `label` its name),
 * and the clients reached.
 */
export function interactionsDashboardSql(r: DashboardRange): SQL {
  const centres = inRangeCentres(r, sql`ci.client_id`);
  // Summed per type and month first (a few dozen rows), then each series from those sums: the
  // interactions themselves are read once for the sums (an index-only scan of
  // client_interactions_date_cover_idx) and once for the distinct clients.
  const inRangeHere = sql`${centres.where} AND ${inRange(sql`ci.date`, r)}`;
  const ctes = sql`
    tm AS MATERIALIZED (
      SELECT ci.interaction_id, date_trunc('month', ci.date) AS month, sum(ci.count) AS total
        FROM client_interactions ci ${centres.join}
       WHERE ${inRangeHere}
       GROUP BY 1, 2)`;
  const total = sql`sum(tm.total)`;
  return dashboardSql(ctes, [
    figure('interactions', sql`SELECT coalesce(sum(total), 0) FROM tm`),
    figure(
      'clients_reached',
      sql`SELECT count(*) FROM (SELECT DISTINCT ci.client_id FROM client_interactions ci ${centres.join}
                                 WHERE ${inRangeHere}) reached`,
    ),
    series('by_type', {
      key: sql`tm.interaction_id`,
      label: sql`t.name`,
      value: total,
      ord: sql`t.sort_order`,
      from: sql`tm JOIN interaction_types t ON t.interaction_id = tm.interaction_id`,
    }),
    series('by_month', {
      key: monthKey(sql`tm.month`),
      label: sql`t.name`,
      grp: sql`tm.interaction_id`,
      value: total,
      ord: sql`0`,
      from: sql`tm JOIN interaction_types t ON t.interaction_id = tm.interaction_id`,
    }),
  ]);
}

/** The stories dashboard: stories dated in the range, by month, and the clients they tell of. */
export function storiesDashboardSql(r: DashboardRange): SQL {
  const ctes = sql`
    s AS MATERIALIZED (
      SELECT st.client_id, st.date FROM stories st JOIN clients c ON c.client_id = st.client_id
       WHERE ${clientsInScope(r)} AND ${inRange(sql`st.date`, r)})`;
  return dashboardSql(ctes, [
    figure('stories', sql`SELECT count(*) FROM s`),
    figure('clients_with_stories', sql`SELECT count(DISTINCT client_id) FROM s`),
    series('by_month', { key: monthKey(sql`s.date`), ord: sql`0`, from: sql`s` }),
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
