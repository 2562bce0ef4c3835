import { AGE_BANDS, yearsBefore } from '@cairn/shared/reporting-dashboards';
import { sql, type SQL } from 'drizzle-orm';
import { withinScope } from '../access/access.repository.ts';
import {
  breakdowns,
  choiceKey,
  dashboardSql,
  dayCountsSum,
  figure,
  series,
  yesNoKey,
  type DashboardRange,
} from './reporting-rows.repository.ts';
import { wholeFiscalYear } from './reporting-rollups.repository.ts';

/**
 * The age on `end` of someone born on `dob`, as a band of AGE_BANDS: under 18 is born after the
 * day 18 years before `end`, and so on. The cut-off days are worked out once, not an age() per
 * client (measured: six age() calls per row were a fifth of the clients dashboard).
 */
export const ageBandOf = (dob: SQL, end: string) => {
  const under = (years: number) => sql`${dob} > ${yearsBefore(end, years)}::date`;
  return sql`CASE
    WHEN ${dob} IS NULL THEN 'unknown'
    WHEN ${under(18)} THEN '0-17'
    WHEN ${under(25)} THEN '18-24'
    WHEN ${under(35)} THEN '25-34'
    WHEN ${under(45)} THEN '35-44'
    WHEN ${under(55)} THEN '45-54'
    WHEN ${under(65)} THEN '55-64'
    ELSE '65+' END`;
};

/** A band's rank in AGE_BANDS, so the bands come in their order. */
export const bandRank = (band: SQL) =>
  sql`array_position(ARRAY[${sql.join(
    AGE_BANDS.map((b) => sql`${b}`),
    sql`, `,
  )}]::text[], ${band})`;

/**
 * The clients dashboard. New clients: intake (creation) in the range, summed over the days of
 * report_day_counts. Active clients: a plan open at some time in the range. Clients served, and
 * what the breakdowns count: the clients new or active in the range, each once; status type and reserve among the
 * Indigenous ones. Both distinct counts read report_client_spans: a client's first span to meet
 * the range is the one whose earlier spans all end before the range starts (report-rollups.ts).
 * A whole fiscal year up to report_served_horizon is read instead from report_served_years,
 * counted and broken down already (a few hundred rows instead of tens of thousands of spans).
 * Which one is decided in the statement, so both stay exact whatever the horizon: the other's
 * part finds no rows.
 */
export function clientsDashboardSql(r: DashboardRange): SQL {
  const spans = withinScope(r.scope, sql`s.centre_id`);
  const meets = (prevEnd: SQL) =>
    sql`s.span_end >= ${r.start}::date AND ${prevEnd} < ${r.start}::date AND s.span_start <= ${r.end}::date`;
  const fy = wholeFiscalYear(r);
  const kept = fy === null ? sql`false` : sql`(SELECT h.fy FROM report_served_horizon h) >= ${fy}`;
  const years = sql`${kept} AND y.fy = ${fy ?? 0} AND ${withinScope(r.scope, sql`y.centre_id`)}`;
  // From the spans: the served clients counted per combination of answers and age band first (a
  // few thousand groups of small integers); the age bands sum those groups, and the other
  // breakdowns sum them per combination of answers (measured: nine grouping sets over the groups
  // with their bands cost more than the scan).
  const ctes = sql`
    g AS MATERIALIZED (
      SELECT s.answers_id, ${ageBandOf(sql`s.date_of_birth`, r.end)} AS band, count(*) AS n
        FROM report_client_spans s
       WHERE NOT ${kept} AND ${spans} AND ${meets(sql`s.prev_end`)}
       GROUP BY 1, 2),
    served AS MATERIALIZED (
      SELECT a.gender, a.indigenous, a.status_type, a.reserve, a.disability, a.highest_education,
             a.citizenship, a.province, x.n
        FROM (SELECT answers_id, sum(n) AS n FROM g GROUP BY 1) x
        JOIN report_answer_sets a ON a.answers_id = x.answers_id)`;
  // Each client's first plan to meet the range among its plans.
  const activeFromSpans = sql`SELECT count(*) FROM report_client_spans s
                               WHERE s.is_plan AND ${spans} AND ${meets(sql`s.prev_plan_end`)}`;
  const active =
    fy === null
      ? activeFromSpans
      : sql`SELECT CASE WHEN ${kept}
                        THEN (SELECT coalesce(sum(y.n), 0) FROM report_served_years y
                               WHERE ${years} AND y.series = 'active')
                        ELSE (${activeFromSpans}) END`;
  // From the fiscal years: every series at once, as `series` and `breakdowns` answer them (the
  // age bands in their order, the others largest first, provinces named).
  const fromYears = sql`SELECT 'series'::text, y.series::text, y.key, min(pr.name)::text, NULL::text,
           (CASE WHEN y.series = 'age_band' THEN min(${bandRank(sql`y.key`)}) ELSE -sum(y.n) END)::float8,
           sum(y.n)::float8
      FROM report_served_years y
      LEFT JOIN provinces pr ON y.series = 'province' AND pr.code::text = y.key
     WHERE ${years} AND y.series <> 'active'
     GROUP BY y.series, y.key
    HAVING sum(y.n) > 0`;
  // The clients the breakdowns count: every served client has one age band ('unknown' included),
  // so the bands' sum counts each once, from the spans or from the fiscal years (one is empty).
  const served = sql`(SELECT coalesce(sum(g.n), 0) FROM g)
    + (SELECT coalesce(sum(y.n), 0) FROM report_served_years y WHERE ${years} AND y.series = 'age_band')`;
  const indigenousOnly = (column: SQL) => sql`CASE WHEN s.indigenous = 'Yes' THEN ${choiceKey(column)} END`;
  return dashboardSql(ctes, [
    figure('new_clients', dayCountsSum(r, 'new_client')),
    figure('active_clients', active),
    figure('clients_served', served),
    series('age_band', { key: sql`g.band`, value: sql`sum(g.n)`, ord: bandRank(sql`g.band`), from: sql`g` }),
    breakdowns(
      sql`served s LEFT JOIN provinces pr ON pr.code = s.province`,
      [
        { name: 'gender', key: choiceKey(sql`s.gender`) },
        { name: 'indigenous', key: yesNoKey(sql`s.indigenous`) },
        { name: 'status_type', key: indigenousOnly(sql`s.status_type`) },
        { name: 'reserve', key: indigenousOnly(sql`s.reserve`) },
        { name: 'disability', key: yesNoKey(sql`s.disability`) },
        { name: 'education', key: choiceKey(sql`s.highest_education`) },
        { name: 'citizenship', key: choiceKey(sql`s.citizenship`) },
        { name: 'province', key: choiceKey(sql`s.province`), label: sql`pr.name` },
      ],
      sql`s.n`,
    ),
    ...(fy === null ? [] : [fromYears]),
  ]);
}
