import { sql, type SQL } from 'drizzle-orm';
import {
  breakdowns,
  dashboardSql,
  figure,
  series,
  labelIn,
  type DashboardRange,
} from './reporting-rows.repository.ts';
import { DAWN, dayBefore, inRollup, rollupCentres, rollupDays } from './reporting-rollups.repository.ts';

/** The fiscal year (spec §9, 1 April to 31 March) a date falls in, by the year it starts. */
export const fiscalYearKey = (column: SQL) => sql`extract(year FROM ${column} - interval '3 months')::int`;

/**
 * The supports and trainings dashboard, from the rollups of migration 0019. Supports (undated on
 * a plan): those of the plans open at some time in the range, that is opened up to its end minus
 * closed before its start (the same as open before it plus opened in it), by category and reporting type. Trainings: those dated in the range,
 * by name, reporting type and NOC code. Spending: the lines dated in the range, in cents, in all
 * and per fiscal year (a month lies in one fiscal year, so month rows key it too).
 */
export function supportsDashboardSql(r: DashboardRange): SQL {
  // Open before the range (opened minus closed before its start), plus opened in it: the prefix
  // and the range are disjoint, so each rollup row is read once.
  const inIt = rollupDays('d', r.start, r.end);
  const before = r.start > DAWN ? rollupDays('d', DAWN, dayBefore(r.start)) : sql`false`;
  const ctes = sql`
    sp AS MATERIALIZED (
      SELECT s.category, s.reporting_type, rt.type, rt.name_fr AS type_fr, n.n
        FROM (SELECT d.support_id,
                     coalesce(sum(d.opened - d.closed) FILTER (WHERE ${before}), 0)
                       + coalesce(sum(d.opened) FILTER (WHERE ${inIt}), 0) AS n
                FROM report_support_days d
               WHERE ${rollupCentres('d', r)} AND (${before} OR ${inIt})
               GROUP BY d.support_id) n
        JOIN supports s ON s.support_id = n.support_id
        LEFT JOIN reporting_types rt ON rt.reporting_type_id = s.reporting_type
       WHERE n.n <> 0),
    tr AS MATERIALIZED (
      SELECT t.training_id, t.name, t.name_fr, t.reporting_type, rt.type, rt.name_fr AS type_fr, n.noc, n.n
        FROM (SELECT d.training_id, nullif(d.noc, '') AS noc, sum(d.n) AS n
                FROM report_training_days d
               WHERE ${inRollup('d', r)}
               GROUP BY 1, 2
              HAVING sum(d.n) <> 0) n
        JOIN trainings t ON t.training_id = n.training_id
        LEFT JOIN reporting_types rt ON rt.reporting_type_id = t.reporting_type),
    sd AS MATERIALIZED (
      SELECT ${fiscalYearKey(sql`d.day`)} AS fy, sum(d.cents) AS cents, sum(d.lines) AS n
        FROM report_spending_days d
       WHERE ${inRollup('d', r)}
       GROUP BY 1
      HAVING sum(d.lines) <> 0)`;
  const reportingType = (alias: string) => ({
    key: sql`coalesce(${sql.raw(alias)}.reporting_type::text, 'unknown')`,
    label: labelIn(r, sql.raw(`${alias}.type`), sql.raw(`${alias}.type_fr`)),
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
        {
          name: 'trainings_by_name',
          key: sql`tr.training_id`,
          label: labelIn(r, sql`tr.name`, sql`tr.name_fr`),
        },
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
