import type { Dashboard } from '@cairn/shared/reporting.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { ageBandOf, bandRank } from '../../src/modules/reporting/reporting-clients.repository.ts';
import {
  activePlans,
  breakdowns,
  choiceKey,
  clientsInScope,
  dashboardSql,
  figure,
  inRange,
  inRangeCentres,
  monthKey,
  series,
  yesNoKey,
  type DashboardRange,
} from '../../src/modules/reporting/reporting-rows.repository.ts';

/**
 * The clients, client interactions and stories dashboards computed straight from the records
 * (clients, plans, outcomes, client_interactions, stories), as they were before the report tables
 * of migration 0018: what the dashboards read from those tables must answer exactly the same.
 */

function clientsReferenceSql(r: DashboardRange): SQL {
  const band = ageBandOf(sql`s.date_of_birth`, r.end);
  const ctes = sql`
    new_clients AS MATERIALIZED (
      SELECT c.client_id FROM clients c
       WHERE ${clientsInScope(r)} AND c.created_at >= ${r.start}::date AND c.created_at < ${r.end}::date + 1),
    active_clients AS MATERIALIZED (SELECT DISTINCT client_id FROM (${activePlans(r)}) a),
    served AS MATERIALIZED (
      SELECT c.gender, c.date_of_birth, c.indigenous, c.status_type, c.reserve, c.disability,
             c.highest_education, c.citizenship, c.province
        FROM clients c
       WHERE c.client_id IN (SELECT client_id FROM new_clients UNION SELECT client_id FROM active_clients))`;
  const indigenousOnly = (column: SQL) => sql`CASE WHEN s.indigenous = 'Yes' THEN ${choiceKey(column)} END`;
  return dashboardSql(ctes, [
    figure('new_clients', sql`SELECT count(*) FROM new_clients`),
    figure('active_clients', sql`SELECT count(*) FROM active_clients`),
    figure('clients_served', sql`SELECT count(*) FROM served`),
    breakdowns(sql`served s LEFT JOIN provinces pr ON pr.code = s.province`, [
      { name: 'gender', key: choiceKey(sql`s.gender`) },
      { name: 'age_band', key: band, ord: bandRank(band) },
      { name: 'indigenous', key: yesNoKey(sql`s.indigenous`) },
      { name: 'status_type', key: indigenousOnly(sql`s.status_type`) },
      { name: 'reserve', key: indigenousOnly(sql`s.reserve`) },
      { name: 'disability', key: yesNoKey(sql`s.disability`) },
      { name: 'education', key: choiceKey(sql`s.highest_education`) },
      { name: 'citizenship', key: choiceKey(sql`s.citizenship`) },
      { name: 'province', key: choiceKey(sql`s.province`), label: sql`pr.name` },
    ]),
  ]);
}

function interactionsReferenceSql(r: DashboardRange): SQL {
  const centres = inRangeCentres(r, sql`ci.client_id`);
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

function storiesReferenceSql(r: DashboardRange): SQL {
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

/** The dashboards the report tables of 0018 serve, each as computed from the records. */
export const REFERENCE_SQL = {
  clients: clientsReferenceSql,
  client_interactions: interactionsReferenceSql,
  stories: storiesReferenceSql,
} as const satisfies Partial<Record<Dashboard, (r: DashboardRange) => SQL>>;

export type ReferencedDashboard = keyof typeof REFERENCE_SQL;
