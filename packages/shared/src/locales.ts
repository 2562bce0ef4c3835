/**
 * The languages Cairn is written in (issue 34): English, the spec's, and Canadian French. A
 * user's `locale` is one of them; each has its catalogues in `locales/<locale>/` (the web's and
 * this package's), with the same files and keys (a test checks it). Dates, numbers and money
 * follow it through Intl (format.ts, localeOf: en-CA, fr-CA).
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of a user who has not chosen one. */
export const FIRST_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}
