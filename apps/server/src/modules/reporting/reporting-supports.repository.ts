import { sql, type SQL } from 'drizzle-orm';
import {
  activePlans,
  breakdowns,
  dashboardSql,
  figure,
  inRange,
  inRangeCentres,
  series,
  type DashboardRange,
} from './reporting-rows.repository.ts';

/** The fiscal year (spec §9, 1 April to 31 March) a date falls in, by the year it starts. */
export const fiscalYearKey = (column: SQL) => sql`extract(year FROM ${column} - interval '3 months')::int`;

/**
 * The supports and trainings dashboard. Supports (undated on a plan): those of the plans open
 * at some time in the range, by category and reporting type. Trainings: those dated in the
 * range, by name, reporting type and NOC code. Spending: the lines dated in the range, in cents,
 * in all and per fiscal year.
 */
export function supportsDashboardSql(r: DashboardRange): SQL {
  const onPlan = inRangeCentres(r, sql`p.client_id`);
  const toPlan = (planId: SQL) => (r.scope.allCentres ? sql`` : sql`JOIN plans p ON p.plan_id = ${planId}`);
  const ctes = sql`
    sp AS MATERIALIZED (
      SELECT s.category, s.reporting_type, rt.type, n.n
        FROM (SELECT ps.support_id, count(*) AS n FROM plan_supports ps
               WHERE ps.plan_id IN (SELECT plan_id FROM (${activePlans(r)}) pa) GROUP BY ps.support_id) n
        JOIN supports s ON s.support_id = n.support_id
        LEFT JOIN reporting_types rt ON rt.reporting_type_id = s.reporting_type),
    tr AS MATERIALIZED (
      SELECT t.training_id, t.name, t.reporting_type, rt.type, n.noc, n.n
        FROM (SELECT pt.training_id, pt.noc, count(*) AS n
                FROM plan_trainings pt ${toPlan(sql`pt.plan_id`)} ${onPlan.join}
               WHERE ${onPlan.where} AND ${inRange(sql`pt.date`, r)}
               GROUP BY pt.training_id, pt.noc) n
        JOIN trainings t ON t.training_id = n.training_id
        LEFT JOIN reporting_types rt ON rt.reporting_type_id = t.reporting_type),
    sd AS MATERIALIZED (
      SELECT ${fiscalYearKey(sql`sd.date`)} AS fy, sum(round(sd.value * 100)) AS cents, count(*) AS n
        FROM spendings sd ${toPlan(sql`sd.plan_id`)} ${onPlan.join}
       WHERE ${onPlan.where} AND ${inRange(sql`sd.date`, r)}
       GROUP BY 1)`;
  const reportingType = (alias: string) => ({
    key: sql`coalesce(${sql.raw(alias)}.reporting_type::text, 'unknown')`,
    label: sql.raw(`${alias}.type`),
  });
  return dashboardSql(ctes, [
    figure('supports', sql`SELECT coalesce(sum(n), 0) FROM sp`),
    figure('trainings', sql`SELECT coalesce(sum(n), 0) FROM tr`),
    figure('spending_cents', sql`SELECT coalesce(sum(cents), 0) FROM sd`),
    figure('spending_lines', sql`SELECT coalesce(sum(n), 0) FROM sd`),
    breakdowns(
      sql`sp`,
      [
        { name: 'supports_by_category', key: sql`sp.category` },
        { name: 'supports_by_reporting_type', ...reportingType('sp') },
      ],
      sql`sp.n`,
    ),
    breakdowns(
      sql`tr`,
      [
        { name: 'trainings_by_name', key: sql`tr.training_id`, label: sql`tr.name` },
        { name: 'trainings_by_reporting_type', ...reportingType('tr') },
        { name: 'trainings_by_noc', key: sql`coalesce(tr.noc, 'none')` },
      ],
      sql`tr.n`,
    ),
    series('spending_by_fiscal_year', {
      key: sql`sd.fy`,
      value: sql`sum(sd.cents)`,
      ord: sql`0`,
      from: sql`sd`,
    }),
  ]);
}
