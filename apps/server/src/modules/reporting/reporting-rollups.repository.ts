import { wholeFiscalYear as fiscalYearOfRange } from '@cairn/shared/fiscal-year';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { withinScope } from '../access/access.repository.ts';
import type { DashboardRange } from './reporting-rows.repository.ts';

/**
 * Reading the day-and-month rollups (report_*_days, migration 0019): each change is counted on
 * its day (grain 'd') and in its month (grain 'm', the month's first day), so a range sums the
 * months it covers whole and the days at its edges only; a fiscal year is twelve months a centre.
 */

/** The first day all of time's sums start on. */
export const DAWN = '0001-01-01';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** The day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() - 1);
  return iso(d);
}

/**
 * The month `day` falls in, as its first day (YYYY-MM-DD); the next month's first day when
 * `after`. The month a rollup counts a day in (grain 'm').
 */
export function monthOf(day: string, after = false): string {
  const d = utc(day);
  d.setUTCDate(1);
  if (after) d.setUTCMonth(d.getUTCMonth() + 1);
  return iso(d);
}

/** The day after `day`. */
const dayAfter = (day: string): string => {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + 1);
  return iso(d);
};

/**
 * The whole months within the days `first`..`last`, as the first day of the first of them (`from`)
 * and of the month after the last (`until`): from the first month starting on or after `first`, to
 * the month of the day after `last`. None when `from` is not before `until`; the days outside
 * them are the range's edges.
 */
export function wholeMonths(first: string, last: string): { from: string; until: string } {
  return { from: first.endsWith('-01') ? first : monthOf(first, true), until: monthOf(dayAfter(last)) };
}

/**
 * Rows of rollup `alias` that sum to the days `first`..`last` (both included): the whole months
 * within them, and the days outside those months.
 */
export function rollupDays(alias: string, first: string, last: string): SQL {
  const a = sql.raw(alias);
  const { from, until } = wholeMonths(first, last);
  return sql`((${a}.grain = 'm' AND ${a}.day >= ${from}::date AND ${a}.day < ${until}::date)
           OR (${a}.grain = 'd' AND ${a}.day BETWEEN ${first}::date AND ${last}::date
               AND (${a}.day < ${from}::date OR ${a}.day >= ${until}::date)))`;
}

/**
 * The days `first`..`last` as rollupDays splits them, each part apart so that each is one index
 * range: the whole months (`from` up to `until`, or null when there are none) and the edge days
 * outside them (inclusive ranges; none, one or two).
 */
export function rollupParts(
  first: string,
  last: string,
): { months: { from: string; until: string } | null; edges: Array<[string, string]> } {
  const { from, until } = wholeMonths(first, last);
  if (from >= until) return { months: null, edges: [[first, last]] };
  const edges: Array<[string, string]> = [];
  if (first < from) edges.push([first, dayBefore(from)]);
  if (until <= last) edges.push([until, last]);
  return { months: { from, until }, edges };
}

/** The fiscal year (the calendar year of its 1 April) the range is exactly, or null. */
export const wholeFiscalYear = (r: Pick<DashboardRange, 'start' | 'end'>): number | null =>
  fiscalYearOfRange(r);

/** The range's centres, on rollup `alias`. */
export const rollupCentres = (alias: string, r: DashboardRange): SQL =>
  withinScope(r.scope, sql.raw(`${alias}.centre_id`));

/** Rows of rollup `alias` within the range's days and centres. */
export const inRollup = (alias: string, r: DashboardRange): SQL =>
  sql`${rollupCentres(alias, r)} AND ${rollupDays(alias, r.start, r.end)}`;

/**
 * Keeps report_served_years (migration 0020) up to fiscal year `upto`: the years after its horizon
 * counted from the spans, under the horizon's lock; nothing when it already reaches `upto`.
 */
export async function extendServedYears(db: Executor, upto: number): Promise<void> {
  await db.execute(sql`SELECT report_served_extend(${upto}::integer)`);
}
