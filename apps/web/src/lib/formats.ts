import {
  formatDateTime,
  formatLongDate,
  formatLongDateTime,
  formatMomentDate,
  formatShortDate,
  formatTime,
} from '@cairn/shared/format';
import { formatMoney } from '@cairn/shared/money';

/** Dates and money as spec §9 shows them, through Intl in one locale. */
export interface Formats {
  locale: string;
  /** 'MMMM D, YYYY' from YYYY-MM-DD. */
  longDate(isoDate: string): string;
  /** 'MMM D, YYYY' from YYYY-MM-DD (the spending table). */
  shortDate(isoDate: string): string;
  /** 'YYYY-MM-DD hh:mma' of a moment, in the browser's time zone. */
  dateTime(iso: string): string;
  /** 'MMMM D, YYYY' of a moment's day, in the browser's time zone. */
  momentDate(iso: string): string;
  /** 'MMMM DD, YYYY hh:mma' of a moment, in the browser's time zone. */
  longDateTime(iso: string): string;
  /** The time of day of a moment, hours and minutes, in the browser's time zone (10:42 a.m.). */
  time(iso: string): string;
  /** $1,234.56 */
  money(dollars: number): string;
}

export function formatsFor(locale: string): Formats {
  return {
    locale,
    longDate: (isoDate) => formatLongDate(isoDate, locale),
    shortDate: (isoDate) => formatShortDate(isoDate, locale),
    dateTime: (iso) => formatDateTime(iso, locale),
    momentDate: (iso) => formatMomentDate(iso, locale),
    longDateTime: (iso) => formatLongDateTime(iso, locale),
    time: (iso) => formatTime(iso, locale),
    money: (dollars) => formatMoney(dollars, locale),
  };
}
