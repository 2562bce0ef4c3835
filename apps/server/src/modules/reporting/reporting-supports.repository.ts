import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  clientsInScope,
  dashboardRows,
  figure,
  inRange,
  plansActiveIn,
  series,
  type DashboardRange,
  type DashboardRow,
} from './reporting-rows.repository.ts';

/** The fiscal year (spec §9, 1 April to 31 March) a date falls in, by the year it starts. */
export const fiscalYearKey = (column: SQL) => sql`extract(year FROM ${column} - interval '3 months')::int`;

/**
 * The supports and trainings dashboard. Supports (undated on a plan): those of the plans open
 * at some time in the range, by category and reporting type. Trainings: those dated in the
 * range, by name, reporting type and NOC code. Spending: the lines dated in the range, in cents,
 * in all and per fiscal year.
 */
export function supportsDashboard(db: Executor, r: DashboardRange): Promise<DashboardRow[]> {
  const supportsCte = sql`
    sp AS MATERIALIZED (
      SELECT s.category, s.reporting_type, rt.type
        FROM (SELECT p.plan_id FROM ${plansActiveIn(r)}) pa
        JOIN plan_supports ps ON ps.plan_id = pa.plan_id
        JOIN supports s ON s.support_id = ps.support_id
        LEFT JOIN reporting_types rt ON rt.reporting_type_id = s.reporting_type),
    tr AS MATERIALIZED (
      SELECT t.training_id, t.name, t.reporting_type, rt.type, pt.noc
        FROM plan_trainings pt
        JOIN plans p ON p.plan_id = pt.plan_id JOIN clients c ON c.client_id = p.client_id
        JOIN trainings t ON t.training_id = pt.training_id
        LEFT JOIN reporting_types rt ON rt.reporting_type_id = t.reporting_type
       WHERE ${clientsInScope(r)} AND ${inRange(sql`pt.date`, r)}),
    sd AS MATERIALIZED (
      SELECT sd.date, round(sd.value * 100) AS cents
        FROM spendings sd JOIN plans p ON p.plan_id = sd.plan_id JOIN clients c ON c.client_id = p.client_id
       WHERE ${clientsInScope(r)} AND ${inRange(sql`sd.date`, r)})`;
  const reportingType = (alias: string) => ({
    key: sql`coalesce(${sql.raw(alias)}.reporting_type::text, 'unknown')`,
    label: sql.raw(`${alias}.type`),
  });
  return dashboardRows(db, supportsCte, [
    figure('supports', sql`SELECT count(*) FROM sp`),
    figure('trainings', sql`SELECT count(*) FROM tr`),
    figure('spending_cents', sql`SELECT coalesce(sum(cents), 0) FROM sd`),
    figure('spending_lines', sql`SELECT count(*) FROM sd`),
    series('supports_by_category', { key: sql`sp.category`, from: sql`sp` }),
    series('supports_by_reporting_type', { ...reportingType('sp'), from: sql`sp` }),
    series('trainings_by_name', { key: sql`tr.training_id`, label: sql`tr.name`, from: sql`tr` }),
    series('trainings_by_reporting_type', { ...reportingType('tr'), from: sql`tr` }),
    series('trainings_by_noc', { key: sql`coalesce(tr.noc, 'none')`, from: sql`tr` }),
    series('spending_by_fiscal_year', {
      key: fiscalYearKey(sql`sd.date`),
      value: sql`sum(sd.cents)`,
      ord: sql`0`,
      from: sql`sd`,
    }),
  ]);
}
