import { currentFiscalYear } from '@cairn/shared/fiscal-year';
import { ALL_CENTRES, DASHBOARDS, type Dashboard } from '@cairn/shared/reporting.schemas';
import { useCallback, useMemo } from 'react';
import { useAddressQuery } from '../../../lib/use-address-query.ts';

/** Spec §2 Reports: the six dashboards' tabs, then the Admins' Ministry tab. */
export const REPORT_TABS = [...DASHBOARDS, 'ministry'] as const;
export type ReportTab = Dashboard | 'ministry';

const isTab = (value: string | null): value is ReportTab => REPORT_TABS.includes(value as ReportTab);

export interface ReportParams {
  tab: ReportTab;
  /** YYYY-MM-DD as typed ('' while cleared); the current fiscal year by default (spec §9). */
  start: string;
  end: string;
  /** A centre's id, or ALL_CENTRES (the default, spec §9). */
  centre: number;
}

/** A centre id from the address: a positive whole number, else All. */
function centreOf(value: string | null): number {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : ALL_CENTRES;
}

/**
 * The reports screen's tab and filters, kept in the address (?tab, start, end, centre), so a
 * reload or a shared link opens the same dashboard. Only what differs from the defaults (the first
 * tab, the current fiscal year, all centres) is written. A tab the role may not open falls back
 * to the first.
 */
export function useReportParams(tabs: readonly ReportTab[]) {
  const [query, changeQuery] = useAddressQuery();
  const year = useMemo(() => currentFiscalYear(), []);

  const params = useMemo<ReportParams>(() => {
    const tab = query.get('tab');
    return {
      tab: isTab(tab) && tabs.includes(tab) ? tab : tabs[0]!,
      start: query.get('start') ?? year.start,
      end: query.get('end') ?? year.end,
      centre: centreOf(query.get('centre')),
    };
  }, [query, tabs, year]);

  const update = useCallback(
    (change: Partial<ReportParams>) =>
      changeQuery(
        (next) => {
          const set = (name: string, value: string, fallback: string) => {
            if (value === fallback) next.delete(name);
            else next.set(name, value);
          };
          if (change.tab !== undefined) set('tab', change.tab, tabs[0]!);
          if (change.start !== undefined) set('start', change.start, year.start);
          if (change.end !== undefined) set('end', change.end, year.end);
          if (change.centre !== undefined) set('centre', String(change.centre), String(ALL_CENTRES));
          return next;
        },
        { replace: true },
      ),
    [changeQuery, tabs, year],
  );

  return { params, update };
}
