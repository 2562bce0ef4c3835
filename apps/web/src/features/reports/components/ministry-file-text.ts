import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sizeText } from '../../../lib/file-size.ts';
import { useFormats } from '../../../lib/use-formats.ts';
import type { MinistryFile } from './use-ministry-files.ts';

/** How the Ministry tab words a file: its range, its progress, its size, when it was asked for. */
export interface MinistryFileText {
  /** Its two dates, as the app writes a date ('April 1, 2025'), for a sentence that names them. */
  dates(file: Pick<MinistryFile, 'start' | 'end'>): { start: string; end: string };
  /** 'April 1, 2025 to March 31, 2026'. */
  range(file: Pick<MinistryFile, 'start' | 'end'>): string;
  /** '1,200 of 5,000 rows', or that the rows are being counted. */
  rows(file: Pick<MinistryFile, 'rows_written' | 'rows_total'>): string;
  /** '312 kB', '4.2 MB' (lib/file-size.ts, as a download's progress says it). */
  size(bytes: number): string;
  /** When it was asked for, as the app shows a moment. */
  prepared(file: Pick<MinistryFile, 'created_at'>): string;
}

export function useMinistryFileText(): MinistryFileText {
  const { t } = useTranslation('reports');
  const fmt = useFormats();
  return useMemo(() => {
    const number = (value: number) => new Intl.NumberFormat(fmt.locale).format(value);
    const dates: MinistryFileText['dates'] = (file) => ({
      start: fmt.longDate(file.start),
      end: fmt.longDate(file.end),
    });
    return {
      dates,
      range: (file) => t('ministry.range', dates(file)),
      rows: (file) =>
        file.rows_total === null
          ? t('ministry.rowsCounting')
          : t('ministry.rows', {
              count: file.rows_total,
              written: number(file.rows_written),
              total: number(file.rows_total),
            }),
      size: (bytes) => sizeText(bytes, fmt.locale),
      prepared: (file) => fmt.dateTime(file.created_at),
    };
  }, [t, fmt]);
}
