/** Today's date as YYYY-MM-DD in the user's (or server's) local time zone. */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Not after today, by the local date of whoever checks. Canadian local dates are never ahead of
 * UTC, so a server on UTC never refuses what a browser in Canada accepted.
 */
export function isNotInFuture(value: string, now: Date = new Date()): boolean {
  return value <= todayIso(now);
}

/**
 * The earliest date the product takes, for any date (birth dates included): nobody it serves was
 * born before 1900, and no case record is older. Dates of records that cannot lie ahead are also
 * not after today (spec §5).
 */
export const EARLIEST_DATE = '1900-01-01';

/** The latest day a note may be dated: notes may plan ahead (spec §5: any day), up to a year. */
export function latestNoteDate(now: Date = new Date()): string {
  const next = new Date(now);
  next.setFullYear(now.getFullYear() + 1);
  return todayIso(next);
}

/** On or after EARLIEST_DATE (compare only dates that are valid YYYY-MM-DD). */
export function isNotTooEarly(value: string): boolean {
  return value >= EARLIEST_DATE;
}

/** The YYYY-MM-DD day `days` after `day` (before it when negative), by the calendar. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the ISO week (Monday to Sunday) that holds the YYYY-MM-DD `day`. */
export function isoWeekMonday(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}
