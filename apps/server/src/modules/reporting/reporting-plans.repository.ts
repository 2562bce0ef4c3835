import { REPORTING_LIMITS } from '@cairn/shared/reporting.schemas';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import {
  choiceKey,
  clientsInScope,
  dashboardRows,
  figure,
  inRange,
  plansActiveIn,
  series,
  yesNoKey,
  type DashboardRange,
  type DashboardRow,
} from './reporting-rows.repository.ts';

/**
 * The plans dashboard, over the plans open at some time in the range (a plan closes on its
 * outcome's date): opened in the range, closed in it, open at its end; the current employment
 * and barriers of the plans opened in the range, and the most common barriers among them.
 */
export function plansDashboard(db: Executor, r: DashboardRange): Promise<DashboardRow[]> {
  const ctes = sql`
    pl AS MATERIALIZED (
      SELECT p.plan_id, p.date, p.current_employment, o.date AS closed FROM ${plansActiveIn(r)}),
    opened AS MATERIALIZED (SELECT * FROM pl WHERE pl.date >= ${r.start}::date),
    pb AS MATERIALIZED (
      SELECT b.barrier_id, b.name, b.category
        FROM opened JOIN plan_barriers x ON x.plan_id = opened.plan_id
        JOIN barriers b ON b.barrier_id = x.barrier_id),
    top AS (SELECT barrier_id, name, count(*) AS n FROM pb GROUP BY barrier_id, name
             ORDER BY n DESC, name, barrier_id LIMIT ${REPORTING_LIMITS.topBarriers})`;
  return dashboardRows(db, ctes, [
    figure('plans_opened', sql`SELECT count(*) FROM opened`),
    figure('plans_closed', sql`SELECT count(*) FROM pl WHERE pl.closed <= ${r.end}::date`),
    figure(
      'plans_open_at_end',
      sql`SELECT count(*) FROM pl WHERE pl.closed IS NULL OR pl.closed > ${r.end}::date`,
    ),
    series('current_employment', { key: choiceKey(sql`opened.current_employment`), from: sql`opened` }),
    series('barriers_by_category', { key: sql`pb.category`, from: sql`pb` }),
    series('top_barriers', {
      key: sql`top.barrier_id`,
      label: sql`top.name`,
      value: sql`sum(top.n)`,
      from: sql`top`,
    }),
  ]);
}

/**
 * The outcomes dashboard, over the outcomes dated in the range: by program outcome, incomplete
 * reason (where given) and post-program status; the share employed or self-employed at exit, in
 * percent with one decimal; the certificates received.
 */
export function outcomesDashboard(db: Executor, r: DashboardRange): Promise<DashboardRow[]> {
  const ctes = sql`
    oc AS MATERIALIZED (
      SELECT o.program_outcome, o.incomplete_reason, o.post_program_status, o.received_certificate
        FROM outcomes o JOIN plans p ON p.plan_id = o.plan_id JOIN clients c ON c.client_id = p.client_id
       WHERE ${clientsInScope(r)} AND ${inRange(sql`o.date`, r)})`;
  const employed = sql`count(*) FILTER (WHERE post_program_status IN ('Employed', 'Self-employed'))`;
  return dashboardRows(db, ctes, [
    figure('outcomes', sql`SELECT count(*) FROM oc`),
    figure('employed_at_exit', sql`SELECT ${employed} FROM oc`),
    figure(
      'employed_share',
      sql`SELECT CASE WHEN count(*) = 0 THEN 0 ELSE round(100.0 * ${employed} / count(*), 1) END FROM oc`,
    ),
    figure('certificates_received', sql`SELECT count(*) FILTER (WHERE received_certificate = 'Yes') FROM oc`),
    series('program_outcome', { key: choiceKey(sql`oc.program_outcome`), from: sql`oc` }),
    series('incomplete_reason', {
      key: sql`oc.incomplete_reason`,
      from: sql`oc WHERE oc.incomplete_reason IS NOT NULL`,
    }),
    series('post_program_status', { key: choiceKey(sql`oc.post_program_status`), from: sql`oc` }),
    series('received_certificate', { key: yesNoKey(sql`oc.received_certificate`), from: sql`oc` }),
  ]);
}
