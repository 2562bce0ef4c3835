const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Shortens `text` for a narrow place: when it is longer than `max` characters, its first `keep`
 * characters followed by `suffix` (spec §9: a group name over 15 characters becomes 12 plus an
 * ellipsis; a group description over 60 becomes 57 plus '...'). Characters are counted as the
 * reader sees them, so an emoji or a letter with a combining accent is never split in half.
 */
export function truncate(text: string, max: number, keep: number = max, suffix: string = '...'): string {
  const chars = Array.from(graphemes.segment(text), (s) => s.segment);
  if (chars.length <= max) return text;
  // A cut that lands after a space would show "word ...": the space goes.
  return chars.slice(0, Math.max(0, keep)).join('').trimEnd() + suffix;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function dateParts(isoDate: string): { year: string; month: (typeof MONTHS)[number]; day: number } {
  const [year = '', month = '1', day = '1'] = isoDate.slice(0, 10).split('-');
  return { year, month: MONTHS[Number(month) - 1] ?? MONTHS[0], day: Number(day) };
}

/** Spec §9: a date as 'MMMM D, YYYY', e.g. April 1, 2026 (from YYYY-MM-DD, no time-zone shift). */
export function formatLongDate(isoDate: string): string {
  const { year, month, day } = dateParts(isoDate);
  return `${month} ${day}, ${year}`;
}

/** Spec §9: a date as 'MMM D, YYYY' (the spending table), e.g. Apr 1, 2026. */
export function formatShortDate(isoDate: string): string {
  const { year, month, day } = dateParts(isoDate);
  return `${month.slice(0, 3)} ${day}, ${year}`;
}
