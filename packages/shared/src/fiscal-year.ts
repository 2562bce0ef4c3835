import { todayIso } from './dates.ts';
import { toCents } from './money.ts';

/**
 * Spec §9: the fiscal year runs 1 April to 31 March. April to December belong to the year that
 * starts that year, January to March to the one that started the year before. Answers the
 * calendar year the fiscal year of `isoDate` (YYYY-MM-DD) starts in.
 */
export function fiscalYearOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month >= 4 ? year : year - 1;
}

/** First and last day (YYYY-MM-DD) of the fiscal year that starts in `startYear`. */
export function fiscalYearRange(startYear: number): { start: string; end: string } {
  return { start: `${startYear}-04-01`, end: `${startYear + 1}-03-31` };
}

/** The fiscal year (the calendar year of its 1 April) a range from `start` to `end` is exactly, or null. */
export function wholeFiscalYear(r: { start: string; end: string }): number | null {
  const year = Number(r.start.slice(0, 4));
  return r.start === `${r.start.slice(0, 4)}-04-01` && r.end === `${String(year + 1).padStart(4, '0')}-03-31`
    ? year
    : null;
}

/** The fiscal year `today` falls in (its first and last day). */
export function currentFiscalYear(today: string = todayIso()): { start: string; end: string } {
  return fiscalYearRange(fiscalYearOf(today));
}

export interface SpendingTotals {
  /** Sum of every line of the plan, in dollars. */
  caseTotal: number;
  /** Sum of the lines within the current fiscal year, in dollars. */
  fiscalTotal: number;
}

/**
 * The two totals of a plan's spendings (spec §9): the case total is the sum of all values; the
 * fiscal total sums the lines dated within the current fiscal year with its edge days excluded
 * (spec §9 says so in as many words: a line dated 1 April or 31 March counts in the case total
 * only). Sums are taken in cents.
 */
export function spendingTotals(
  lines: ReadonlyArray<{ date: string; value: number }>,
  today: string = todayIso(),
): SpendingTotals {
  const { start, end } = currentFiscalYear(today);
  let all = 0;
  let fiscal = 0;
  for (const line of lines) {
    const cents = toCents(line.value);
    all += cents;
    if (line.date > start && line.date < end) fiscal += cents;
  }
  return { caseTotal: all / 100, fiscalTotal: fiscal / 100 };
}
