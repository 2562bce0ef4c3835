import { todayIso } from '@cairn/shared/dates';
import { REPORTING_LIMITS } from '@cairn/shared/reporting.schemas';
import { sql, type SQL } from 'drizzle-orm';
import {
  activePlans,
  breakdowns,
  choiceKey,
  dashboardSql,
  figure,
  inRange,
  inRangeCentres,
  series,
  yesNoKey,
  type DashboardRange,
} from '../../src/modules/reporting/reporting-rows.repository.ts';
import { fiscalYearKey } from '../../src/modules/reporting/reporting-supports.repository.ts';

/**
 * The plans, outcomes and supports-and-trainings dashboards computed straight from the records,
 * as they were before the rollups (migration 0019): the reference the rollup-based statements
 * must equal (reporting-rollups-plans.test.ts). Same rows, same order, same meaning.
 */

/**
 * The plans dashboard, over the plans open at some time in the range (a plan closes on its
 * outcome's date): opened in the range, closed in it, open at its end; the current employment
 * and barriers of the plans opened in the range, and the most common barriers among them.
 */
export function plansReferenceSql(r: DashboardRange): SQL {
  const ctes = sql`
    pl AS MATERIALIZED (${activePlans(r)}),
    opened AS MATERIALIZED (SELECT * FROM pl WHERE pl.date >= ${r.start}::date),
    pb AS MATERIALIZED (
      SELECT b.barrier_id, b.name, b.category, n.n
        FROM (SELECT x.barrier_id, count(*) AS n FROM plan_barriers x
               WHERE x.plan_id IN (SELECT plan_id FROM opened) GROUP BY x.barrier_id) n
        JOIN barriers b ON b.barrier_id = n.barrier_id),
    top AS (SELECT barrier_id, name, n FROM pb ORDER BY n DESC, name, barrier_id LIMIT ${REPORTING_LIMITS.topBarriers})`;
  return dashboardSql(ctes, [
    figure('plans_opened', sql`SELECT count(*) FROM opened`),
    figure('plans_closed', sql`SELECT count(*) FROM pl WHERE pl.closed <= ${r.end}::date`),
    figure(
      'plans_open_at_end',
      sql`SELECT count(*) FROM pl WHERE pl.closed IS NULL OR pl.closed > ${r.end}::date`,
    ),
    series('current_employment', { key: choiceKey(sql`opened.current_employment`), from: sql`opened` }),
    series('barriers_by_category', { key: sql`pb.category`, value: sql`sum(pb.n)`, from: sql`pb` }),
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
 * percent with one decimal; the certificates received; retention: per month, the follow-ups of
 * those outcomes due by today, and of them those reached, employed or self-employed, full and part
 * time (every measure of a month with follow-ups due, 0 included).
 */
export function outcomesReferenceSql(r: DashboardRange, today: string = todayIso()): SQL {
  // One centre's: through the plan to the client; every centre's: the outcomes alone.
  const centres = inRangeCentres(r, sql`p.client_id`);
  const toPlan = r.scope.allCentres ? sql`` : sql`JOIN plans p ON p.plan_id = o.plan_id`;
  const ctes = sql`
    oc AS MATERIALIZED (
      SELECT o.program_outcome, o.incomplete_reason, o.post_program_status, o.received_certificate
        FROM outcomes o ${toPlan} ${centres.join}
       WHERE ${centres.where} AND ${inRange(sql`o.date`, r)}),
    rf AS MATERIALIZED (
      SELECT f.month, coalesce(f.reached, false) AS reached,
             coalesce(f.reached AND f.post_program_status IN ('Employed', 'Self-employed'), false) AS employed,
             f.hours
        FROM follow_ups f JOIN outcomes o ON o.outcome_id = f.outcome_id ${toPlan} ${centres.join}
       WHERE ${centres.where} AND ${inRange(sql`o.date`, r)} AND f.due_date <= ${today}::date)`;
  const measure = sql`CASE m.measure WHEN 'due' THEN true WHEN 'reached' THEN rf.reached
    WHEN 'employed' THEN rf.employed WHEN 'full_time' THEN rf.employed AND rf.hours = 'Full time'
    ELSE rf.employed AND rf.hours = 'Part time' END`;
  const employed = sql`count(*) FILTER (WHERE post_program_status IN ('Employed', 'Self-employed'))`;
  return dashboardSql(ctes, [
    figure('outcomes', sql`SELECT count(*) FROM oc`),
    figure('employed_at_exit', sql`SELECT ${employed} FROM oc`),
    figure(
      'employed_share',
      sql`SELECT CASE WHEN count(*) = 0 THEN 0 ELSE round(100.0 * ${employed} / count(*), 1) END FROM oc`,
    ),
    figure('certificates_received', sql`SELECT count(*) FILTER (WHERE received_certificate = 'Yes') FROM oc`),
    breakdowns(sql`oc`, [
      { name: 'program_outcome', key: choiceKey(sql`oc.program_outcome`) },
      { name: 'incomplete_reason', key: sql`oc.incomplete_reason` },
      { name: 'post_program_status', key: choiceKey(sql`oc.post_program_status`) },
      { name: 'received_certificate', key: yesNoKey(sql`oc.received_certificate`) },
    ]),
    series('retention', {
      key: sql`rf.month`,
      grp: sql`m.measure`,
      value: sql`count(*) FILTER (WHERE ${measure})`,
      ord: sql`rf.month * 10 + m.i`,
      from: sql`rf CROSS JOIN (VALUES ('due', 0), ('reached', 1), ('employed', 2), ('full_time', 3), ('part_time', 4)) m(measure, i)`,
    }),
  ]);
}

/**
 * The supports and trainings dashboard. Supports (undated on a plan): those of the plans open
 * at some time in the range, by category and reporting type. Trainings: those dated in the
 * range, by name, reporting type and NOC code. Spending: the lines dated in the range, in cents,
 * in all and per fiscal year.
 */
export function supportsReferenceSql(r: DashboardRange): SQL {
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
