import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import { withinScope } from '../access/access.repository.ts';
import type { Scope } from '../access/access.policy.ts';
import type { Locale } from '@cairn/shared/locales';

/**
 * What every dashboard statement answers: one row per figure or per point of a series, as
 * `(kind, name, key, label, grp, ord, value)`, so that a dashboard is one set-based statement of
 * `UNION ALL`ed aggregates and the service assembles them by name. `ord` orders a series' points
 * (an age band's rank, or minus the count so that the largest comes first); ties fall to the key.
 */
export interface DashboardRow {
  kind: 'figure' | 'series';
  name: string;
  key: string | null;
  label: string | null;
  grp: string | null;
  value: number;
}

/** The range and centres a dashboard answers for: the token's grant as SQL values. */
export interface DashboardRange {
  start: string;
  end: string;
  scope: Scope;
  /** The language of the labels (catalogue names), English when not given (issue 34). */
  locale?: Locale;
}

/** A label in the range's language: `nameFr` where there is one in French, else the English `name`. */
export const labelIn = (r: { locale?: Locale }, name: SQL, nameFr: SQL): SQL =>
  r.locale === 'fr' ? sql`coalesce(${nameFr}, ${name})` : name;

/**
 * A dashboard's statement (see DashboardRow), its points in order: `parts` UNION ALL, after
 * `ctes` (the sets several parts read, each computed once).
 */
export function dashboardSql(ctes: SQL | null, parts: SQL[]): SQL {
  return sql`${ctes ? sql`WITH ${ctes} ` : sql``}SELECT kind, name, key, label, grp, value
          FROM (${sql.join(parts, sql` UNION ALL `)}) r
         ORDER BY name, ord, key, grp`;
}

/**
 * The rows of a dashboard's statement, planned for its range and centres on every run, with
 * random reads priced as the report tables' are: in memory, as cheap as reading in order. At
 * PostgreSQL's default (4, a spinning disk's), the clients dashboard for every centre read all
 * of report_client_spans instead of the part of its index that meets the range (measured: 72 ms
 * against 55 ms, and 29 against 20 for client interactions; the other dashboards alike).
 */
export const DASHBOARD_SETTINGS = 'SET LOCAL random_page_cost = 1.1';

export function dashboardRows(db: Executor, query: SQL): Promise<DashboardRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(DASHBOARD_SETTINGS));
    return selectRows<DashboardRow>(tx, query, { planEach: true });
  });
}

/** A figure's row: `value` is a scalar SQL expression. */
export const figure = (name: string, value: SQL): SQL =>
  sql`SELECT 'figure'::text AS kind, ${name}::text AS name, NULL::text AS key, NULL::text AS label,
             NULL::text AS grp, 0::float8 AS ord, (${value})::float8 AS value`;

/**
 * A series' rows: `key` (and `label`, `grp`) grouped over `from`, each point counting `value`;
 * ordered by `ord` (per point, the least of it; default: the largest count first).
 */
export function series(
  name: string,
  o: { key: SQL; label?: SQL; grp?: SQL; value?: SQL; ord?: SQL; from: SQL },
): SQL {
  const value = o.value ?? sql`count(*)`;
  return sql`SELECT 'series'::text, ${name}::text, (${o.key})::text, ${o.label ?? sql`NULL`}::text,
                    ${o.grp ?? sql`NULL`}::text, (${o.ord ? sql`min(${o.ord})` : sql`-${value}`})::float8, (${value})::float8
               FROM ${o.from}
              GROUP BY 3, 4, 5`;
}

/** One series of a breakdown: its key (NULL leaves a row out of it), and a label or order. */
export interface Breakdown {
  name: string;
  key: SQL;
  label?: SQL;
  /** Orders the points (per point, the least of it); by default the largest count first. */
  ord?: SQL;
}

/**
 * Several series over the same rows in one pass: `GROUPING SETS`, one set per series, so the
 * rows are read once however many series break them down (measured on the clients dashboard:
 * nine scans of the served clients became one). Each point counts its rows, or sums `sum`.
 */
export function breakdowns(from: SQL, list: readonly Breakdown[], sum?: SQL): SQL {
  const n = list.length;
  const k = (i: number) => sql.raw(`k${i}`);
  const l = (i: number) => sql.raw(`l${i}`);
  const o = (i: number) => sql.raw(`o${i}`);
  const value = sum ? sql`sum(v)` : sql`count(*)`;
  const columns = list.map(
    (b, i) =>
      sql`(${b.key})::text AS ${k(i)}, ${b.label ?? sql`NULL`}::text AS ${l(i)}, ${b.ord ?? sql`NULL`}::float8 AS ${o(i)}`,
  );
  const keys = sql.join(
    list.map((_, i) => k(i)),
    sql`, `,
  );
  // GROUPING(k0, …, kn-1) has a bit set for every key outside the row's set: one bit clear per series.
  const mask = (i: number) => sql.raw(String(((1 << n) - 1) ^ (1 << (n - 1 - i))));
  const pick = (of: (i: number) => SQL) =>
    sql`CASE GROUPING(${keys}) ${sql.join(
      list.map((_, i) => sql`WHEN ${mask(i)} THEN ${of(i)}`),
      sql` `,
    )} END`;
  return sql`SELECT 'series'::text,
                    ${pick((i) => sql`${list[i]!.name}::text`)},
                    coalesce(${keys}),
                    ${pick((i) => sql`min(${l(i)})`)},
                    NULL::text,
                    ${pick((i) => (list[i]!.ord ? sql`min(${o(i)})` : sql`-${value}`))}::float8,
                    (${value})::float8
               FROM (SELECT ${sql.join(columns, sql`, `)}${sum ? sql`, ${sum} AS v` : sql``} FROM ${from}) b
              GROUP BY GROUPING SETS (${sql.join(
                list.map((_, i) => sql`(${k(i)})`),
                sql`, `,
              )})
             HAVING coalesce(${keys}) IS NOT NULL`;
}

/** `column` between the range's first and last day, both included. */
export const inRange = (column: SQL, r: DashboardRange): SQL =>
  sql`${column} BETWEEN ${r.start}::date AND ${r.end}::date`;

/** Clients `c` of the range's centres. */
export const clientsInScope = (r: DashboardRange): SQL => withinScope(r.scope, sql`c.centre_id`);

/** A yes-or-no answer as a series key: `yes`, `no` or `unknown`. */
export const yesNoKey = (column: SQL): SQL => sql`coalesce(lower(${column}), 'unknown')`;

/** An enumeration's answer as a series key: as stored, or `unknown`. */
export const choiceKey = (column: SQL): SQL => sql`coalesce(${column}, 'unknown')`;

/** A date's month as a series key, `YYYY-MM`. */
export const monthKey = (column: SQL): SQL => sql`to_char(${column}, 'YYYY-MM')`;

/**
 * Joins clients `c` to rows of `clientId` when the range is one centre's, and to nothing for
 * every centre (a join there would read every client for no filter), with the scope predicate.
 */
export function inRangeCentres(r: DashboardRange, clientId: SQL): { join: SQL; where: SQL } {
  if (r.scope.allCentres) return { join: sql``, where: sql`true` };
  return { join: sql`JOIN clients c ON c.client_id = ${clientId}`, where: clientsInScope(r) };
}

/**
 * The plans of the range's centres open at some time in the range (a plan closes on its
 * outcome's date): `plan_id, client_id, date, current_employment, closed`. Three parts, each
 * read through its own index (plans_date_idx, plans_open_date_idx, outcomes_date_idx), rather
 * than every plan up to the range's end joined to every outcome: opened in the range; opened
 * before it and still open; opened before it and closed in it or after it.
 */
export const activePlans = (r: DashboardRange): SQL => {
  const c = inRangeCentres(r, sql`p.client_id`);
  return sql`
    SELECT p.plan_id, p.client_id, p.date, p.current_employment, o.date AS closed
      FROM plans p ${c.join} LEFT JOIN outcomes o ON o.plan_id = p.plan_id
     WHERE ${c.where} AND p.date BETWEEN ${r.start}::date AND ${r.end}::date
    UNION ALL
    SELECT p.plan_id, p.client_id, p.date, p.current_employment, NULL::date
      FROM plans p ${c.join}
     WHERE ${c.where} AND p.status = 'Open' AND p.date < ${r.start}::date
    UNION ALL
    SELECT p.plan_id, p.client_id, p.date, p.current_employment, o.date
      FROM outcomes o JOIN plans p ON p.plan_id = o.plan_id ${c.join}
     WHERE ${c.where} AND o.date >= ${r.start}::date AND p.date < ${r.start}::date`;
};

/** A centre's name, or undefined when there is no such centre. */
export async function centreName(db: Executor, centreId: number): Promise<string | undefined> {
  const [row] = await selectRows<{ name: string }>(
    db,
    sql`SELECT name FROM centres WHERE centre_id = ${centreId}`,
  );
  return row?.name;
}

/** What report_day_counts sums per centre, day and key (report-rollups.ts). */
export type DayCountKind = 'new_client' | 'interaction';

/** report_day_counts rows `d` of a kind within the range's days and centres. */
export const dayCountsInRange = (r: DashboardRange, kind: DayCountKind): SQL =>
  sql`d.kind = ${kind} AND ${withinScope(r.scope, sql`d.centre_id`)} AND ${inRange(sql`d.day`, r)}`;

/** The sum of a kind's day counts over the range and its centres. */
export const dayCountsSum = (r: DashboardRange, kind: DayCountKind): SQL =>
  sql`SELECT coalesce(sum(d.n), 0) FROM report_day_counts d WHERE ${dayCountsInRange(r, kind)}`;

/**
 * The clients with a day of `table` (report_interaction_days, report_story_days) in the range,
 * each once: the day whose previous day comes before the range (report-rollups.ts).
 */
export const clientDaysInRange = (
  r: DashboardRange,
  table: 'report_interaction_days' | 'report_story_days',
): SQL =>
  sql`SELECT d.day, d.prev_day, d.n FROM ${sql.raw(table)} d
       WHERE ${withinScope(r.scope, sql`d.centre_id`)} AND ${inRange(sql`d.day`, r)}`;
