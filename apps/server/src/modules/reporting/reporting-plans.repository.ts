import { REPORTING_LIMITS } from '@cairn/shared/reporting.schemas';
import { sql, type SQL } from 'drizzle-orm';
import {
  breakdowns,
  choiceKey,
  dashboardSql,
  figure,
  series,
  yesNoKey,
  labelIn,
  type DashboardRange,
} from './reporting-rows.repository.ts';
import { todayIso } from '@cairn/shared/dates';
import { DAWN, dayBefore, inRollup, rollupCentres, rollupDays } from './reporting-rollups.repository.ts';
import { retentionCountsSql, retentionSeries } from './reporting-retention.repository.ts';

/**
 * The plans dashboard, from the rollups of migration 0019 (a plan opens on its date and closes on
 * the later of its date and its outcome's): opened in the range, closed in it, open at its end
 * (opened up to the end minus closed up to the end); the current employment and barriers of the
 * plans opened in the range, and the most common barriers among them.
 */
export function plansDashboardSql(r: DashboardRange): SQL {
  // Open at the end: open before the range (opened minus closed before its start) plus opened
  // minus closed in it; the prefix and the range are disjoint, so each rollup row is read once.
  const inIt = rollupDays('d', r.start, r.end);
  const before = r.start > DAWN ? rollupDays('d', DAWN, dayBefore(r.start)) : sql`false`;
  const ctes = sql`
    pd AS MATERIALIZED (
      SELECT nullif(d.current_employment, '') AS current_employment,
             coalesce(sum(d.opened) FILTER (WHERE ${inIt}), 0) AS opened,
             coalesce(sum(d.closed) FILTER (WHERE ${inIt}), 0) AS closed,
             coalesce(sum(d.opened - d.closed) FILTER (WHERE ${before} OR ${inIt}), 0) AS open_at_end
        FROM report_plan_days d
       WHERE ${rollupCentres('d', r)} AND (${before} OR ${inIt})
       GROUP BY 1),
    opened AS (SELECT current_employment, opened AS n FROM pd WHERE opened <> 0),
    pb AS MATERIALIZED (
      SELECT b.barrier_id, b.name, b.name_fr, b.category, n.n
        FROM (SELECT d.barrier_id, sum(d.n) AS n FROM report_barrier_days d
               WHERE ${inRollup('d', r)} GROUP BY d.barrier_id HAVING sum(d.n) <> 0) n
        JOIN barriers b ON b.barrier_id = n.barrier_id),
    top AS (SELECT barrier_id, name, name_fr, n FROM pb ORDER BY n DESC, name, barrier_id LIMIT ${REPORTING_LIMITS.topBarriers})`;
  return dashboardSql(ctes, [
    figure('plans_opened', sql`SELECT coalesce(sum(opened), 0) FROM pd`),
    figure('plans_closed', sql`SELECT coalesce(sum(closed), 0) FROM pd`),
    figure('plans_open_at_end', sql`SELECT coalesce(sum(open_at_end), 0) FROM pd`),
    series('current_employment', {
      key: choiceKey(sql`opened.current_employment`),
      value: sql`sum(opened.n)`,
      from: sql`opened`,
    }),
    series('barriers_by_category', { key: sql`pb.category`, value: sql`sum(pb.n)`, from: sql`pb` }),
    series('top_barriers', {
      key: sql`top.barrier_id`,
      label: labelIn(r, sql`top.name`, sql`top.name_fr`),
      value: sql`sum(top.n)`,
      from: sql`top`,
    }),
  ]);
}

/**
 * The outcomes dashboard, over the outcomes dated in the range (their rollup): by program
 * outcome, incomplete reason (where given) and post-program status; the share employed or
 * self-employed at exit, in percent with one decimal; the certificates received; and retention,
 * what the follow-ups due by `today` of the plans closed in the range found
 * (reporting-retention.repository.ts).
 */
export function outcomesDashboardSql(r: DashboardRange, today: string = todayIso()): SQL {
  const ctes = sql`
    oc AS MATERIALIZED (
      SELECT d.program_outcome, nullif(d.incomplete_reason, '') AS incomplete_reason, d.post_program_status,
             d.received_certificate, sum(d.n) AS n
        FROM report_outcome_days d
       WHERE ${inRollup('d', r)}
       GROUP BY 1, 2, 3, 4
      HAVING sum(d.n) <> 0),
    rt AS MATERIALIZED (${retentionCountsSql(r, today)})`;
  const employed = sql`coalesce(sum(n) FILTER (WHERE post_program_status IN ('Employed', 'Self-employed')), 0)`;
  return dashboardSql(ctes, [
    figure('outcomes', sql`SELECT coalesce(sum(n), 0) FROM oc`),
    figure('employed_at_exit', sql`SELECT ${employed} FROM oc`),
    figure(
      'employed_share',
      sql`SELECT CASE WHEN coalesce(sum(n), 0) = 0 THEN 0 ELSE round(100.0 * ${employed} / sum(n), 1) END FROM oc`,
    ),
    figure(
      'certificates_received',
      sql`SELECT coalesce(sum(n) FILTER (WHERE received_certificate = 'Yes'), 0) FROM oc`,
    ),
    breakdowns(
      sql`oc`,
      [
        { name: 'program_outcome', key: choiceKey(sql`oc.program_outcome`) },
        { name: 'incomplete_reason', key: sql`oc.incomplete_reason` },
        { name: 'post_program_status', key: choiceKey(sql`oc.post_program_status`) },
        { name: 'received_certificate', key: yesNoKey(sql`oc.received_certificate`) },
      ],
      sql`oc.n`,
    ),
    retentionSeries(),
  ]);
}
