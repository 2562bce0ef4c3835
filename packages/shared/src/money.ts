import { DEFAULT_LOCALE } from './format.ts';

/** Whole cents of a dollar amount, so sums of money never pick up floating-point error. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Spec §9: money shown with $, thousands commas and 2 decimals, e.g. $1,234.56 (in Canadian dollars). */
export function formatMoney(dollars: number, locale: string = DEFAULT_LOCALE): string {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' });
    moneyFormats.set(locale, format);
  }
  // Whole cents first, so a sum that picked up floating-point error still rounds as money does.
  return format.format(toCents(dollars) / 100);
}
