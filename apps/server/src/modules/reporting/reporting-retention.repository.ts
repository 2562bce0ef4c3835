import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import { inRangeCentres, series, type DashboardRange } from './reporting-rows.repository.ts';

/**
 * Retention (issue 32): of the plans closed in the range (their outcome dated in it) whose
 * follow-up at a month is due on `today` (due date on or before it), per month: how many are due,
 * how many of those people were reached, and how many of those were employed or self-employed,
 * full and part time. Read from the outcomes of the range (outcomes_date_idx) and their follow-ups
 * (follow_ups_outcome_idx); no rollup.
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

/** One row per follow-up month with its counts (RetentionCounts), by month. */
export function retentionCountsSql(r: DashboardRange, today: string): SQL {
  const c = inRangeCentres(r, sql`p.client_id`);
  const scoped = r.scope.allCentres ? sql`` : sql`JOIN plans p ON p.plan_id = o.plan_id ${c.join}`;
  const employed = sql`f.reached AND f.post_program_status IN ('Employed', 'Self-employed')`;
  return sql`
    SELECT f.month::int AS month, count(*)::int AS due,
           (count(*) FILTER (WHERE f.reached))::int AS reached,
           (count(*) FILTER (WHERE ${employed}))::int AS employed,
           (count(*) FILTER (WHERE ${employed} AND f.hours = 'Full time'))::int AS full_time,
           (count(*) FILTER (WHERE ${employed} AND f.hours = 'Part time'))::int AS part_time
      FROM outcomes o JOIN follow_ups f ON f.outcome_id = o.outcome_id ${scoped}
     WHERE o.date BETWEEN ${r.start}::date AND ${r.end}::date AND f.due_date <= ${today}::date AND ${c.where}
     GROUP BY f.month
     ORDER BY f.month`;
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
