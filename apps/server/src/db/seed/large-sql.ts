import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../database.ts';

/** A day in milliseconds. */
export const DAY = 86_400_000;

/**
 * A well-mixed, non-negative integer from a key: the generated plans and their records depend
 * only on ids, so they are the same for the same clients and need no random state.
 */
export const h = (key: SQL) => sql`(hashint4((${key})::int)::bigint + 2147483648)`;

/** How many plans the large seed gives client `id` (insertPlansFor): 0 to 4, about 1.5 on average. */
export const planCount = (id: SQL) => sql`
  CASE WHEN ${h(id)} % 100 < 22 THEN 0 WHEN ${h(id)} % 100 < 52 THEN 1 WHEN ${h(id)} % 100 < 82 THEN 2
       WHEN ${h(id)} % 100 < 95 THEN 3 ELSE 4 END`;

/** Whether plan `n` of `k` of client `id` is Open: only the last may be, about half the time. */
export const planOpen = (id: SQL, n: SQL, k: SQL) =>
  sql`(${n} = ${k} AND ${h(sql`${id} * 8 + ${n} + 3`)} % 100 < 55)`;

/** A text[] literal of `values`, bound as parameters. */
export const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The `n` a `... SELECT count(*)::int AS n` statement answered. */
export const countOf = (result: unknown) => (result as { rows: Array<{ n: number }> }).rows[0]!.n;

/**
 * Runs `insert` (an INSERT … SELECT reading the common table expressions `ctes`, if any) and
 * answers how many rows it inserted.
 */
export async function countInserted(db: Executor, ctes: SQL | undefined, insert: SQL): Promise<number> {
  const result = await db.execute(
    sql`WITH ${ctes ? sql`${ctes}, ` : sql``}added AS (${insert} RETURNING 1) SELECT count(*)::int AS n FROM added`,
  );
  return countOf(result);
}
