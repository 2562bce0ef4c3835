import { localeOf } from './format.ts';
import type { Locale } from './locales.ts';
import { toCents } from './money.ts';

/**
 * Money typed as text (issue 34): one rule for the spending form and the API.
 *
 * - The decimal mark is '.' or ',' followed by one or two digits that end the amount:
 *   '125.50' and '125,50' are both 125.5, in either language.
 * - The dollars are digits, or groups of three separated by one kind of separator throughout: a
 *   space (ordinary, no-break or narrow no-break, as Intl writes French), or the one of '.' and
 *   ',' that is not the decimal mark: '1 234,56', '1,234.56', '1.234,56' are all 1234.56.
 * - Nothing else: no sign, no '$', no leading mark ('.5'), no more than two decimals.
 * - One shape reads differently by language: a single ',' or '.' followed by exactly three digits
 *   and nothing more ('1,234', '1.234'). In English ',' separates thousands, so '1,234' is 1234;
 *   in French ',' is the decimal comma, so '1,234' has three decimals and is refused. '.' is the
 *   decimal point in both, so '1.234' is refused in both. Without a language (the API, which
 *   reads a request the same whoever sends it) the shape is refused: send 1234 or '1234'.
 *   The same mark twice ('1,234,567') can only separate thousands, in any language.
 */
export function parseMoneyText(text: string, locale?: Locale): number | null {
  const typed = text.trim();
  const decimals = /([.,])(\d{1,2})$/.exec(typed);
  const dollars = decimals ? typed.slice(0, decimals.index) : typed;
  const mark = decimals?.[1];
  if (/^\d+$/.test(dollars)) return amountOf(dollars, decimals?.[2]);

  const grouped = /^\d{1,3}([ \u00a0\u202f.,])\d{3}(?:\1\d{3})*$/.exec(dollars);
  const separator = grouped?.[1];
  if (separator === undefined || separator === mark) return null;
  const punctuation = separator === '.' || separator === ',';
  // A single ',' or '.' and three digits, with no decimals after: the language decides.
  if (punctuation && !mark && dollars.indexOf(separator) === dollars.lastIndexOf(separator)) {
    if (!(locale === 'en' && separator === ',')) return null;
  }
  return amountOf(dollars.replace(/[ \u00a0\u202f.,]/g, ''), decimals?.[2]);
}

function amountOf(dollars: string, cents: string | undefined): number {
  return Number(cents === undefined ? dollars : `${dollars}.${cents}`);
}

const inputFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as a money field shows it for editing: two decimals with the language's decimal mark
 * and no thousands separator ('1200.50', '1200,50'), which parseMoneyText reads back.
 */
export function moneyInputText(dollars: number, locale: Locale): string {
  let format = inputFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(locale), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    inputFormats.set(locale, format);
  }
  return format.format(toCents(dollars) / 100);
}
