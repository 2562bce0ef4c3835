/**
 * The client list's report filters as SQL on clients `c` (issue 28): a centre, and the clients a
 * dashboard counts for a range (new, active, served), of one point of its breakdown; counted
 * exactly as the clients dashboard counts them (reporting-clients.repository.ts).
 */
import type { ClientBreakdown, ClientRangeFilter } from '@cairn/shared/client-list-filters';
import { ageBandBirths, AGE_BANDS, type AgeBand } from '@cairn/shared/reporting-dashboards';
import { sql, type SQL } from 'drizzle-orm';

/** The list's filters as the statement applies them: a centre, the clients a report counts. */
export interface ListFilter {
  centreId: number | null;
  range: ClientRangeFilter | null;
}

/** An answer as a dashboard keys it: `unknown` for none. */
const answerIs = (column: SQL, key: string) =>
  key === 'unknown' ? sql`${column} IS NULL` : sql`${column} = ${key}`;
/** A yes-or-no answer as a dashboard keys it (`yes`, `no`, `unknown`). */
const yesNoIs = (column: SQL, key: string) =>
  key === 'unknown' ? sql`${column} IS NULL` : sql`lower(${column}) = ${key}`;

/** Clients `c` born in an age band on `end`, as the clients dashboard bands them. */
function ageBandIs(key: string, end: string): SQL {
  if (key === 'unknown') return sql`c.date_of_birth IS NULL`;
  if (!(AGE_BANDS as readonly string[]).includes(key)) return sql`false`;
  const births = ageBandBirths(key as Exclude<AgeBand, 'unknown'>, end);
  return sql.join(
    [
      sql`c.date_of_birth IS NOT NULL`,
      ...(births.after ? [sql`c.date_of_birth > ${births.after}::date`] : []),
      ...(births.onOrBefore ? [sql`c.date_of_birth <= ${births.onOrBefore}::date`] : []),
    ],
    sql` AND `,
  );
}

/** Clients `c` of one point of a clients dashboard's breakdown (reporting-clients.repository.ts). */
function breakdownIs(name: ClientBreakdown, key: string, end: string): SQL {
  const indigenousOnly = (column: SQL) => sql`c.indigenous = 'Yes' AND ${answerIs(column, key)}`;
  switch (name) {
    case 'gender':
      return answerIs(sql`c.gender`, key);
    case 'age_band':
      return ageBandIs(key, end);
    case 'indigenous':
      return yesNoIs(sql`c.indigenous`, key);
    case 'status_type':
      return indigenousOnly(sql`c.status_type`);
    case 'reserve':
      return indigenousOnly(sql`c.reserve`);
    case 'disability':
      return yesNoIs(sql`c.disability`, key);
    case 'education':
      return answerIs(sql`c.highest_education`, key);
    case 'citizenship':
      return answerIs(sql`c.citizenship`, key);
    case 'province':
      return answerIs(sql`c.province::text`, key);
  }
}

/**
 * Clients `c` a dashboard counts for a range, as it counts them: new (intake day in the range),
 * active (a plan open at some time in it: opened in it, or before it and still open or closed by
 * an outcome in it or after it), or served (either), and of a breakdown's point.
 */
function countedIn(r: ClientRangeFilter): SQL {
  const isNew = sql`c.created_at::date BETWEEN ${r.start}::date AND ${r.end}::date`;
  const isActive = sql`EXISTS (
    SELECT 1 FROM plans p LEFT JOIN outcomes o ON o.plan_id = p.plan_id
     WHERE p.client_id = c.client_id AND p.date <= ${r.end}::date
       AND (p.date >= ${r.start}::date OR p.status = 'Open' OR o.date >= ${r.start}::date))`;
  const counted =
    r.counted === 'new' ? isNew : r.counted === 'active' ? isActive : sql`(${isNew} OR ${isActive})`;
  return r.breakdown ? sql`${counted} AND ${breakdownIs(r.breakdown.name, r.breakdown.key, r.end)}` : counted;
}

/** The filter's condition on clients `c`, or null for none. */
export function filterCondition(f: ListFilter | undefined): SQL | null {
  if (!f) return null;
  const parts: SQL[] = [];
  if (f.centreId !== null) parts.push(sql`c.centre_id = ${f.centreId}`);
  if (f.range) parts.push(countedIn(f.range));
  return parts.length ? sql.join(parts, sql` AND `) : null;
}
