import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import { ageBandOf } from './reporting-clients.repository.ts';
import type { Locale } from '@cairn/shared/locales';
import { activePlans, labelIn } from './reporting-rows.repository.ts';

/**
 * The ministry spreadsheet's statements (spec §7, issue 12), every centre, one range. The sheets
 * are read through a cursor (db/cursor.ts), so each statement here is the whole sheet in order.
 * No SIN, no names, no Indigenous status or disability on a row: only aggregates carry those.
 */
export interface MinistryRange {
  start: string;
  end: string;
  /** The language of the catalogue's names in the file (issue 34), English when not given. */
  locale?: Locale;
}

const FY = (d: SQL) => sql`extract(year FROM ${d} - interval '3 months')::int`;
const QUARTER = (d: SQL) => sql`extract(quarter FROM ${d} - interval '3 months')::int`;
const between = (d: SQL, r: MinistryRange) => sql`${d} BETWEEN ${r.start}::date AND ${r.end}::date`;

/** One count of the summary: a figure in one fiscal quarter. */
export interface QuarterFigure {
  fy: number;
  quarter: number;
  figure: string;
  value: number;
}

/** The summary's additive figures per fiscal quarter (1 = April to June); spending in cents. */
export function quarterFigures(db: Executor, r: MinistryRange): Promise<QuarterFigure[]> {
  const per = (figure: string, date: SQL, value: SQL, from: SQL) =>
    sql`SELECT ${FY(date)} AS fy, ${QUARTER(date)} AS quarter, ${figure}::text AS figure, (${value})::float8 AS value
          FROM ${from} AND ${between(date, r)} GROUP BY 1, 2`;
  const created = sql`(c.created_at)::date`;
  const parts = [
    per('new_clients', created, sql`count(*)`, sql`clients c WHERE true`),
    per('plans_opened', sql`p.date`, sql`count(*)`, sql`plans p WHERE true`),
    per('plans_closed', sql`o.date`, sql`count(*)`, sql`outcomes o WHERE true`),
    per('outcomes', sql`o.date`, sql`count(*)`, sql`outcomes o WHERE true`),
    per(
      'employed_at_exit',
      sql`o.date`,
      sql`count(*)`,
      sql`outcomes o WHERE o.post_program_status IN ('Employed', 'Self-employed')`,
    ),
    per(
      'certificates_received',
      sql`o.date`,
      sql`count(*)`,
      sql`outcomes o WHERE o.received_certificate = 'Yes'`,
    ),
    per('interactions', sql`ci.date`, sql`sum(ci.count)`, sql`client_interactions ci WHERE true`),
    per('trainings', sql`pt.date`, sql`count(*)`, sql`plan_trainings pt WHERE true`),
    per('spending', sql`sd.date`, sql`sum(round(sd.value * 100))`, sql`spendings sd WHERE true`),
    per('stories', sql`st.date`, sql`count(*)`, sql`stories st WHERE true`),
  ];
  return selectRows<QuarterFigure>(db, sql.join(parts, sql` UNION ALL `));
}

/**
 * Participants: every client served in the range (intake in it, or a plan open at some time in
 * it), by client id, with the latest such plan and its outcome. The active plans come from their
 * three indexed parts (reporting-rows activePlans), not from a look-up per client.
 */
export const participantsSql = (r: MinistryRange): SQL => sql`
  WITH ap AS (${activePlans({ ...r, scope: { allCentres: true, centreId: null } })}),
  lp AS (SELECT DISTINCT ON (client_id) plan_id, client_id, date, current_employment, closed
           FROM ap ORDER BY client_id, date DESC, plan_id DESC),
  served AS (SELECT client_id FROM lp
             UNION
             SELECT c.client_id FROM clients c
              WHERE c.created_at >= ${r.start}::date AND c.created_at < ${r.end}::date + 1)
  SELECT c.client_id, c.centre_id, to_char(c.created_at, 'YYYY-MM-DD') AS intake_date,
         c.gender, ${ageBandOf(sql`c.date_of_birth`, r.end)} AS age_band, c.province,
         c.highest_education AS education, c.citizenship,
         lp.plan_id, to_char(lp.date, 'YYYY-MM-DD') AS plan_start, to_char(lp.closed, 'YYYY-MM-DD') AS plan_end,
         lp.current_employment AS employment_at_start, o.program_outcome, o.post_program_status
    FROM served
    JOIN clients c ON c.client_id = served.client_id
    LEFT JOIN lp ON lp.client_id = c.client_id
    LEFT JOIN outcomes o ON o.plan_id = lp.plan_id
   ORDER BY c.client_id`;

/** An intervention's reporting type, named in the file's language. */
const reportingType = (r: MinistryRange) => labelIn(r, sql`rt.type`, sql`rt.name_fr`);

/**
 * Interventions: the supports of the plans open at some time in the range (undated on a plan:
 * dated by their plan's start), and the trainings dated in it.
 */
export const interventionsSql = (r: MinistryRange): SQL => sql`
  SELECT 'support' AS kind, p.client_id, p.plan_id,
         coalesce(ps.other_name, ${labelIn(r, sql`s.name`, sql`s.name_fr`)}) AS item, s.category,
         ${reportingType(r)} AS reporting_type, NULL::text AS noc, to_char(p.date, 'YYYY-MM-DD') AS date
    FROM plans p
    LEFT JOIN outcomes o ON o.plan_id = p.plan_id
    JOIN plan_supports ps ON ps.plan_id = p.plan_id
    JOIN supports s ON s.support_id = ps.support_id
    LEFT JOIN reporting_types rt ON rt.reporting_type_id = s.reporting_type
   WHERE p.date <= ${r.end}::date AND (o.date IS NULL OR o.date >= ${r.start}::date)
  UNION ALL
  SELECT 'training', p.client_id, p.plan_id, coalesce(pt.other_name, ${labelIn(r, sql`t.name`, sql`t.name_fr`)}),
         NULL, ${reportingType(r)}, pt.noc,
         to_char(pt.date, 'YYYY-MM-DD')
    FROM plan_trainings pt
    JOIN plans p ON p.plan_id = pt.plan_id
    JOIN trainings t ON t.training_id = pt.training_id
    LEFT JOIN reporting_types rt ON rt.reporting_type_id = t.reporting_type
   WHERE ${between(sql`pt.date`, r)}`;

/** Outcomes dated in the range. */
export const outcomesSql = (r: MinistryRange): SQL => sql`
  SELECT p.client_id, o.plan_id, to_char(o.date, 'YYYY-MM-DD') AS date, o.program_outcome, o.incomplete_reason,
         o.post_program_status, o.employment_type, o.job_title, o.received_certificate
    FROM outcomes o JOIN plans p ON p.plan_id = o.plan_id
   WHERE ${between(sql`o.date`, r)}
   ORDER BY o.date, o.outcome_id`;

/** Spending lines dated in the range, in dollars, with their fiscal year (by the year it starts). */
export const spendingSql = (r: MinistryRange): SQL => sql`
  SELECT p.client_id, sd.plan_id, to_char(sd.date, 'YYYY-MM-DD') AS date, ${FY(sql`sd.date`)} AS fiscal_year,
         sd.item, sd.work_gear, sd.value::float8 AS value
    FROM spendings sd JOIN plans p ON p.plan_id = sd.plan_id
   WHERE ${between(sql`sd.date`, r)}
   ORDER BY sd.date, sd.spending_id`;

/**
 * Follow-ups of the plans closed in the range (their outcome dated in it), as retention counts
 * them: by outcome date, then month. The status is the shared rule's, worded by the service.
 */
export const followUpsSql = (r: MinistryRange): SQL => sql`
  SELECT p.client_id, f.plan_id, f.month, to_char(f.due_date, 'YYYY-MM-DD') AS due_date,
         to_char(f.contact_date, 'YYYY-MM-DD') AS contact_date, f.reached, f.hours, f.noc
    FROM outcomes o
    JOIN follow_ups f ON f.outcome_id = o.outcome_id
    JOIN plans p ON p.plan_id = o.plan_id
   WHERE ${between(sql`o.date`, r)}
   ORDER BY o.date, o.outcome_id, f.month`;

/** The rows of the statements together, counted in one statement. */
export async function countRows(db: Executor, statements: readonly SQL[]): Promise<number> {
  const counts = statements.map((statement) => sql`(SELECT count(*) FROM (${statement}) AS sheet)`);
  const [row] = await selectRows<{ rows: number }>(
    db,
    sql`SELECT (${sql.join(counts, sql` + `)})::int AS rows`,
  );
  return row!.rows;
}
