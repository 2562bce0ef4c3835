import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import { withinScope } from '../access/access.repository.ts';
import type { Scope } from '../access/access.policy.ts';

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
}

/**
 * The rows of a dashboard statement (see DashboardRow), in the points' order: `parts` UNION ALL,
 * after `ctes` (the sets several parts read, each computed once).
 */
export function dashboardRows(db: Executor, ctes: SQL | null, parts: SQL[]): Promise<DashboardRow[]> {
  return selectRows<DashboardRow>(
    db,
    sql`${ctes ? sql`WITH ${ctes} ` : sql``}SELECT kind, name, key, label, grp, value
          FROM (${sql.join(parts, sql` UNION ALL `)}) r
         ORDER BY name, ord, key, grp`,
  );
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

/** Plans `p` of clients `c` open at some time in the range; `o` their outcome (its date closes them). */
export const plansActiveIn = (r: DashboardRange): SQL =>
  sql`plans p JOIN clients c ON c.client_id = p.client_id LEFT JOIN outcomes o ON o.plan_id = p.plan_id
      WHERE ${clientsInScope(r)} AND p.date <= ${r.end}::date AND (o.date IS NULL OR o.date >= ${r.start}::date)`;

/** A centre's name, or undefined when there is no such centre. */
export async function centreName(db: Executor, centreId: number): Promise<string | undefined> {
  const [row] = await selectRows<{ name: string }>(
    db,
    sql`SELECT name FROM centres WHERE centre_id = ${centreId}`,
  );
  return row?.name;
}
