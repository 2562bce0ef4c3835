/**
 * The client list's report filters (issue 28): a centre, and the clients a clients dashboard
 * counts for a range (new, active, served), of one point of its breakdown. They read the report
 * tables the dashboard reads (report_client_spans, report_answer_sets: migration 0018), so a list
 * opened from a figure counts exactly what the figure counts, and as fast: each client counted has
 * exactly one span that meets the range (its first), so the total is a count of spans and the page
 * a probe of a client's few spans (reporting-clients.repository.ts explains the spans).
 */
import type { ClientBreakdown, ClientRangeFilter } from '@cairn/shared/client-list-filters';
import { wholeFiscalYear } from '@cairn/shared/fiscal-year';
import { ageBandBirths, AGE_BANDS, type AgeBand } from '@cairn/shared/reporting-dashboards';
import { sql, type SQL } from 'drizzle-orm';
import type { Scope } from '../access/access.policy.ts';
import { withinScope } from '../access/access.repository.ts';

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

/** Spans `s` of clients born in an age band on `end`, as the clients dashboard bands them. */
function ageBandIs(key: string, end: string): SQL {
  if (key === 'unknown') return sql`s.date_of_birth IS NULL`;
  if (!(AGE_BANDS as readonly string[]).includes(key)) return sql`false`;
  const births = ageBandBirths(key as Exclude<AgeBand, 'unknown'>, end);
  return sql.join(
    [
      sql`s.date_of_birth IS NOT NULL`,
      ...(births.after ? [sql`s.date_of_birth > ${births.after}::date`] : []),
      ...(births.onOrBefore ? [sql`s.date_of_birth <= ${births.onOrBefore}::date`] : []),
    ],
    sql` AND `,
  );
}

/**
 * Spans `s` with answers `a` (report_answer_sets) of one point of a clients dashboard's breakdown
 * (reporting-clients.repository.ts): status type and reserve among Indigenous clients.
 */
function breakdownIs(name: ClientBreakdown, key: string, end: string): SQL {
  const indigenousOnly = (column: SQL) => sql`a.indigenous = 'Yes' AND ${answerIs(column, key)}`;
  switch (name) {
    case 'gender':
      return answerIs(sql`a.gender`, key);
    case 'age_band':
      return ageBandIs(key, end);
    case 'indigenous':
      return yesNoIs(sql`a.indigenous`, key);
    case 'status_type':
      return indigenousOnly(sql`a.status_type`);
    case 'reserve':
      return indigenousOnly(sql`a.reserve`);
    case 'disability':
      return yesNoIs(sql`a.disability`, key);
    case 'education':
      return answerIs(sql`a.highest_education`, key);
    case 'citizenship':
      return answerIs(sql`a.citizenship`, key);
    case 'province':
      return answerIs(sql`a.province::text`, key);
  }
}

/**
 * The spans `s` that count a client for a range, one per client counted: its intake span when it
 * is new (intake day in the range); its first plan to meet the range when it is active (a plan
 * open at some time in it); its first span to meet the range when it is served (either); and of
 * the breakdown's point. `from` names the tables, `where` the condition.
 */
function countingSpans(r: ClientRangeFilter): { from: SQL; where: SQL } {
  const meets = (prevEnd: SQL) =>
    sql`s.span_end >= ${r.start}::date AND ${prevEnd} < ${r.start}::date AND s.span_start <= ${r.end}::date`;
  const counted =
    r.counted === 'new'
      ? sql`NOT s.is_plan AND s.span_start BETWEEN ${r.start}::date AND ${r.end}::date`
      : r.counted === 'active'
        ? sql`s.is_plan AND ${meets(sql`s.prev_plan_end`)}`
        : meets(sql`s.prev_end`);
  if (!r.breakdown) return { from: sql`report_client_spans s`, where: counted };
  return {
    from: sql`report_client_spans s JOIN report_answer_sets a ON a.answers_id = s.answers_id`,
    where: sql`${counted} AND ${breakdownIs(r.breakdown.name, r.breakdown.key, r.end)}`,
  };
}

/** The filter's condition on clients `c`, or null for none. */
export function filterCondition(f: ListFilter | undefined): SQL | null {
  if (!f) return null;
  const parts: SQL[] = [];
  if (f.centreId !== null) parts.push(sql`c.centre_id = ${f.centreId}`);
  if (f.range) {
    const spans = countingSpans(f.range);
    parts.push(sql`EXISTS (SELECT 1 FROM ${spans.from} WHERE s.client_id = c.client_id AND ${spans.where})`);
  }
  return parts.length ? sql.join(parts, sql` AND `) : null;
}

/**
 * The ids of the clients in the scope that a range filter counts, read from their counting spans
 * alone (one per client, index-only where the indexes allow), or null when the filter names no
 * range.
 */
export function countedClientIds(scope: Scope, f: ListFilter): SQL | null {
  if (!f.range) return null;
  const spans = countingSpans(f.range);
  const centre = f.centreId === null ? sql`true` : sql`s.centre_id = ${f.centreId}`;
  return sql`SELECT s.client_id FROM ${spans.from}
              WHERE ${withinScope(scope, sql`s.centre_id`)} AND ${centre} AND ${spans.where}`;
}

/**
 * The series of report_served_years (migration 0020) that counts the filter's clients for a whole
 * fiscal year, one row per centre and key, or null where it keeps none (new clients; a count or a
 * breakdown of another kind): `active` for the active clients, the age bands (every served client
 * has one) for the served, and a served breakdown's own series and key.
 */
function servedYearsSeries(r: ClientRangeFilter): SQL | null {
  if (r.counted === 'active') return r.breakdown ? null : sql`y.series = 'active'`;
  if (r.counted !== 'served') return null;
  return r.breakdown
    ? sql`y.series = ${r.breakdown.name} AND y.key = ${r.breakdown.key}`
    : sql`y.series = 'age_band'`;
}

/**
 * How many clients in the scope a range filter counts (`countedClientIds` counted), or null when
 * the filter names no range. For a whole fiscal year the served years hold that number already,
 * per centre, as the clients dashboard reads it: a few rows instead of a count of tens of
 * thousands of spans. Which one is decided in the statement from the served years' horizon, so
 * both stay exact whatever it is (reporting-clients.repository.ts does the same).
 */
export function countedClients(scope: Scope, f: ListFilter): SQL | null {
  const ids = countedClientIds(scope, f);
  if (!f.range || !ids) return null;
  const fromSpans = sql`(SELECT count(*)::int FROM (${ids}) x)`;
  const fy = wholeFiscalYear(f.range);
  const series = servedYearsSeries(f.range);
  if (fy === null || series === null) return fromSpans;
  const centre = f.centreId === null ? sql`true` : sql`y.centre_id = ${f.centreId}`;
  return sql`CASE WHEN (SELECT h.fy FROM report_served_horizon h) >= ${fy}
                  THEN (SELECT coalesce(sum(y.n), 0)::int FROM report_served_years y
                         WHERE y.fy = ${fy} AND ${withinScope(scope, sql`y.centre_id`)} AND ${centre} AND ${series})
                  ELSE ${fromSpans} END`;
}
