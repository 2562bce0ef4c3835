import type { SeriesPoint } from '@cairn/shared/reporting.schemas';
import type { DashboardLabels } from './use-dashboard-labels.ts';

export interface Table2D {
  /** One row a key, in the order the server sent: its label, then a value per column. */
  rows: { key: string; label: string; values: number[] }[];
  /** The columns: one per group, or the single value column. */
  columns: string[];
}

/** A month key (YYYY-MM): a series of them reads over time. */
export const MONTH_KEY = /^\d{4}-\d{2}$/;

/** Every month (YYYY-MM) from the one holding `start` to the one holding `end` (YYYY-MM-DD), in order. */
export function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const last = end.slice(0, 7);
  for (;;) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * The points as rows and columns: a row per key, a column per group (or one column of values).
 * A series over months (every key a month) given the range's `months` has a row for every one
 * of them, 0 where the server found nothing, so an empty month shows as such on the axis.
 */
export function tableOf(
  name: string,
  points: SeriesPoint[],
  labels: Pick<DashboardLabels, 'key' | 'group'>,
  valueColumn: string,
  months: readonly string[] = [],
): Table2D {
  const groups = new Map<string, string>();
  for (const point of points) {
    if (point.group !== undefined && !groups.has(point.group)) {
      groups.set(point.group, labels.group(name, { ...point, group: point.group }));
    }
  }
  const groupIndex = [...groups.keys()];
  const emptyRow = (point: SeriesPoint) => ({
    key: point.key,
    label: labels.key(name, point),
    values: new Array<number>(Math.max(1, groups.size)).fill(0),
  });
  const rows = new Map<string, Table2D['rows'][number]>();
  const overMonths = points.length > 0 && points.every((p) => MONTH_KEY.test(p.key));
  if (overMonths) for (const key of months) rows.set(key, emptyRow({ key, value: 0 }));
  for (const point of points) {
    const row = rows.get(point.key) ?? emptyRow(point);
    row.values[point.group === undefined ? 0 : groupIndex.indexOf(point.group)] = point.value;
    rows.set(point.key, row);
  }
  const ordered = [...rows.values()];
  if (overMonths) ordered.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    rows: ordered,
    columns: groups.size ? [...groups.values()] : [valueColumn],
  };
}
