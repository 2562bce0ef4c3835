import { FIGURE_FORMATS } from '@cairn/shared/reporting-dashboards';
import type { SeriesPoint } from '@cairn/shared/reporting.schemas';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Formats } from '../../../lib/formats.ts';
import { reportKeyText, REPORT_KEY_NAMESPACES } from '../../../lib/report-keys.ts';
import { useFormats } from '../../../lib/use-formats.ts';

/** Series whose values are money in cents, like the figures of FIGURE_FORMATS. */
const MONEY_SERIES = new Set(['spending_by_fiscal_year']);

const MONTH = /^(\d{4})-(\d{2})$/;
const FISCAL_YEAR = /^\d{4}$/;

/** The catalogues the labels come from: the embed page loads them before it draws. */
export const LABEL_NAMESPACES = REPORT_KEY_NAMESPACES;

export interface DashboardLabels {
  /**
   * A point's key as the reader sees it: its `label` when given, else the key translated. In a
   * series split by group, `label` names the group (a month's points by interaction type), so the
   * key (the month) is translated.
   */
  key(series: string, point: SeriesPoint): string;
  /** A point's group (a chart's second dimension) as the reader sees it: its `label`, else translated. */
  group(series: string, point: SeriesPoint & { group: string }): string;
  /** A figure's value: a count, money from cents, or a percent (FIGURE_FORMATS). */
  figure(name: string, value: number): string;
  /** A series' value: a count, or money from cents. */
  value(series: string, value: number): string;
  /** A YYYY-MM-DD date, 'MMMM D, YYYY' (spec §9). */
  date(isoDate: string): string;
  /** A moment's time of day in the reader's locale and time zone (10:42 a.m.). */
  time(iso: string): string;
}

/**
 * The line under a dashboard read from the read replica: "Data as of 10:42 a.m.", the time of its
 * data (`data_as_of`) in the reader's locale and time zone.
 */
export function dataAsOfLine(
  t: TFunction<'reports'>,
  labels: Pick<DashboardLabels, 'time'>,
  dataAsOf: string,
): string {
  return t('embed.dataAsOf', { time: labels.time(dataAsOf) });
}

/** Words and numbers of a dashboard in the active language and locale. */
export function useDashboardLabels(): DashboardLabels {
  const { t } = useTranslation(LABEL_NAMESPACES);
  const formats = useFormats();
  return useMemo(() => dashboardLabels(t, formats), [t, formats]);
}

/** Words a dashboard's keys through `t` and writes its numbers and dates with `formats`. */
export function dashboardLabels(t: TFunction<typeof LABEL_NAMESPACES>, formats: Formats): DashboardLabels {
  const count = new Intl.NumberFormat(formats.locale);
  const percent = new Intl.NumberFormat(formats.locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const month = new Intl.DateTimeFormat(formats.locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const translate = (series: string, key: string) => {
    const months = MONTH.exec(key);
    if (months) return month.format(Date.UTC(Number(months[1]), Number(months[2]) - 1, 1));
    if (series === 'spending_by_fiscal_year' && FISCAL_YEAR.test(key)) {
      return t('reports:fiscalYear', { start: key, end: String(Number(key) + 1).slice(2) });
    }
    return reportKeyText(t, series, key);
  };
  return {
    key: (series, point) =>
      point.group === undefined && point.label !== undefined ? point.label : translate(series, point.key),
    group: (series, point) => point.label ?? translate(series, point.group),
    figure: (name, value) => {
      const format = FIGURE_FORMATS[name];
      if (format === 'money_cents') return formats.money(value / 100);
      if (format === 'percent') return percent.format(value / 100);
      return count.format(value);
    },
    value: (series, value) => (MONEY_SERIES.has(series) ? formats.money(value / 100) : count.format(value)),
    date: (isoDate) => formats.longDate(isoDate),
    time: (iso) => formats.time(iso),
  };
}
