import { LATEST_STORY_WRITEUP_MAX } from '@cairn/shared/reporting-dashboards';
import { REPORTING_LIMITS } from '@cairn/shared/reporting.schemas';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import {
  clientsInScope,
  dashboardRows,
  figure,
  inRange,
  monthKey,
  series,
  type DashboardRange,
  type DashboardRow,
} from './reporting-rows.repository.ts';

/**
 * The client interactions dashboard: the interactions recorded in the range (each record counts
 * its `count`), by type and by month (split by type: `grp` is the type's id, `label` its name),
 * and the clients reached.
 */
export function interactionsDashboard(db: Executor, r: DashboardRange): Promise<DashboardRow[]> {
  const ctes = sql`
    i AS MATERIALIZED (
      SELECT ci.client_id, ci.interaction_id, ci.date, ci.count
        FROM client_interactions ci JOIN clients c ON c.client_id = ci.client_id
       WHERE ${clientsInScope(r)} AND ${inRange(sql`ci.date`, r)})`;
  const total = sql`sum(i.count)`;
  return dashboardRows(db, ctes, [
    figure('interactions', sql`SELECT coalesce(sum(count), 0) FROM i`),
    figure('clients_reached', sql`SELECT count(DISTINCT client_id) FROM i`),
    series('by_type', {
      key: sql`i.interaction_id`,
      label: sql`t.name`,
      value: total,
      ord: sql`t.sort_order`,
      from: sql`i JOIN interaction_types t ON t.interaction_id = i.interaction_id`,
    }),
    series('by_month', {
      key: monthKey(sql`i.date`),
      label: sql`t.name`,
      grp: sql`i.interaction_id`,
      value: total,
      ord: sql`0`,
      from: sql`i JOIN interaction_types t ON t.interaction_id = i.interaction_id`,
    }),
  ]);
}

/** The stories dashboard: stories dated in the range, by month, and the clients they tell of. */
export function storiesDashboard(db: Executor, r: DashboardRange): Promise<DashboardRow[]> {
  const ctes = sql`
    s AS MATERIALIZED (
      SELECT st.client_id, st.date FROM stories st JOIN clients c ON c.client_id = st.client_id
       WHERE ${clientsInScope(r)} AND ${inRange(sql`st.date`, r)})`;
  return dashboardRows(db, ctes, [
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
