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

/** The locale dates and money are shown in until the user's language says otherwise (spec §9). */
export const DEFAULT_LOCALE = 'en-CA';

/** The locale for a language code of the app ('en', 'fr'): Canadian English or Canadian French. */
export function localeOf(language: string | undefined): string {
  if (!language) return DEFAULT_LOCALE;
  return language.includes('-') ? language : `${language}-CA`;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, month: 'long' | 'short'): Intl.DateTimeFormat {
  const key = `${locale}|${month}`;
  let format = cache.get(key);
  if (!format) {
    // UTC both ways: a calendar date is shown as written, never shifted by a time zone.
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month, day: 'numeric', timeZone: 'UTC' });
    cache.set(key, format);
  }
  return format;
}

/** The calendar date of YYYY-MM-DD (or of a timestamp's date part) at midnight UTC. */
function calendarDate(isoDate: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** Spec §9: a date as 'MMMM D, YYYY', e.g. April 1, 2026 (from YYYY-MM-DD, no time-zone shift). */
export function formatLongDate(isoDate: string, locale: string = DEFAULT_LOCALE): string {
  return dateFormat(locale, 'long').format(calendarDate(isoDate));
}

/** Spec §9: a date as 'MMM D, YYYY' (the spending table), e.g. Apr 1, 2026. */
export function formatShortDate(isoDate: string, locale: string = DEFAULT_LOCALE): string {
  return dateFormat(locale, 'short').format(calendarDate(isoDate));
}

/**
 * Spec §2: a moment as 'YYYY-MM-DD hh:mma' in the reader's time zone, e.g. 2026-01-05 03:04pm.
 * The parts come from Intl in `locale`; the layout is the spec's, its time of day in English
 * (2026-01-05 15 h 04 in French).
 */
export function formatDateTime(iso: string, locale: string = DEFAULT_LOCALE, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  if (!english(locale)) return `${date} ${formatTime(iso, locale, timeZone)}`;
  const period = part('dayPeriod').replace(/[.\s]/g, '').toLowerCase();
  return `${date} ${part('hour')}:${part('minute')}${period}`;
}

/** Whether a locale is English: the spec's layouts are English ones; other languages take Intl's own. */
const english = (locale: string) => locale.toLowerCase().startsWith('en');

/**
 * The time of day of a moment in the reader's locale and time zone, hours and minutes only
 * (10:42 a.m. in en-CA, 10 h 42 in fr-CA): how fresh a report read from the replica is.
 */
export function formatTime(iso: string, locale: string = DEFAULT_LOCALE, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/**
 * Spec §9: the day of a moment as 'MMMM D, YYYY' in the reader's time zone (the group list's
 * Date Created), e.g. January 5, 2026.
 */
export function formatMomentDate(iso: string, locale: string = DEFAULT_LOCALE, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(
    new Date(iso),
  );
}

/**
 * Spec §2 Group Details: a moment as 'MMMM DD, YYYY hh:mma' in the reader's time zone, e.g.
 * January 05, 2026 03:04pm. The parts come from Intl in `locale`; the layout is the spec's in
 * English; another language takes Intl's long date and short time.
 */
export function formatLongDateTime(iso: string, locale: string = DEFAULT_LOCALE, timeZone?: string): string {
  // Another language in its own order and words: 5 janvier 2026 à 15 h 04.
  if (!english(locale))
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    );
  const parts = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const period = part('dayPeriod').replace(/[.\s]/g, '').toLowerCase();
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')}${period}`;
}
