import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import { monthOf, rollupCentres, rollupParts } from './reporting-rollups.repository.ts';
import { series, type DashboardRange } from './reporting-rows.repository.ts';

/**
 * Retention (issue 32): of the plans closed in the range (their outcome dated in it) whose
 * follow-up at a month is due on `today` (due date on or before it), per month: how many are due,
 * how many of those people were reached, and how many of those were employed or self-employed,
 * full and part time. Read from the follow-ups' rollup (report_follow_up_days, migration 0037).
 */
export interface RetentionCounts {
  month: number;
  due: number;
  reached: number;
  employed: number;
  full_time: number;
  part_time: number;
}

/** The measures of a month, in the order the dashboard and the spreadsheet show them. */
export const RETENTION_MEASURES = ['due', 'reached', 'employed', 'full_time', 'part_time'] as const;

/**
 * The rollup rows of follow-ups with their outcome in the range, due by `today`: the whole
 * outcome months due in months before today's (grain 'm'), and otherwise days (grain 'd'): the
 * range's edge days due by today, and the days of its whole months due in today's month. Each
 * part is one index range (the key, or report_follow_up_days_due_idx).
 */
function dueInRange(r: DashboardRange, today: string): SQL {
  const { months, edges } = rollupParts(r.start, r.end);
  const thisMonth = monthOf(today);
  const parts = edges.map(
    ([first, last]) =>
      sql`(d.grain = 'd' AND d.day BETWEEN ${first}::date AND ${last}::date AND d.due <= ${today}::date)`,
  );
  if (months) {
    const inMonths = sql`d.day >= ${months.from}::date AND d.day < ${months.until}::date`;
    parts.push(
      sql`(d.grain = 'm' AND ${inMonths} AND d.due < ${thisMonth}::date)`,
      sql`(d.grain = 'd' AND d.due BETWEEN ${thisMonth}::date AND ${today}::date AND ${inMonths})`,
    );
  }
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** One row per follow-up month with its counts (RetentionCounts), by month. */
export function retentionCountsSql(r: DashboardRange, today: string): SQL {
  return sql`
    SELECT d.month::int AS month, sum(d.n)::int AS due, sum(d.reached)::int AS reached,
           sum(d.employed)::int AS employed, sum(d.full_time)::int AS full_time, sum(d.part_time)::int AS part_time
      FROM report_follow_up_days d
     WHERE ${rollupCentres('d', r)} AND ${dueInRange(r, today)}
     GROUP BY d.month
    HAVING sum(d.n) <> 0
     ORDER BY d.month`;
}

/** The counts themselves (the ministry spreadsheet's summary). */
export function retentionCounts(db: Executor, r: DashboardRange, today: string): Promise<RetentionCounts[]> {
  return selectRows<RetentionCounts>(db, retentionCountsSql(r, today));
}

/**
 * The outcomes dashboard's `retention` series: a point per month (its key) and measure (its
 * group), months in order and each month's measures in RETENTION_MEASURES' order. `rt` is the CTE
 * of retentionCountsSql.
 */
export function retentionSeries(): SQL {
  const measures = sql.join(
    RETENTION_MEASURES.map((m, i) => sql`(${m}::text, rt.${sql.raw(m)}, ${i}::int)`),
    sql`, `,
  );
  return series('retention', {
    key: sql`rt.month`,
    grp: sql`m.measure`,
    value: sql`sum(m.n)`,
    ord: sql`rt.month * 10 + m.i`,
    from: sql`rt CROSS JOIN LATERAL (VALUES ${measures}) AS m(measure, n, i)`,
  });
}
