import { sql, type SQL } from 'drizzle-orm';

/**
 * A well-mixed, non-negative integer from a key: the generated plans and their records depend
 * only on ids, so they are the same for the same clients and need no random state.
 */
export const h = (key: SQL) => sql`(hashint4((${key})::int)::bigint + 2147483648)`;

/** A text[] literal of `values`, bound as parameters. */
export const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The `n` a `... SELECT count(*)::int AS n` statement answered. */
export const countOf = (result: unknown) => (result as { rows: Array<{ n: number }> }).rows[0]!.n;
