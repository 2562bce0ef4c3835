import type { SeriesPoint } from '@cairn/shared/reporting.schemas';
import type { DashboardLabels } from './use-dashboard-labels.ts';

export interface Table2D {
  /** One row a key, in the order the server sent: its label, then a value per column. */
  rows: { key: string; label: string; values: number[] }[];
  /** The columns: one per group, or the single value column. */
  columns: string[];
}

/** The points as rows and columns: a row per key, a column per group (or one column of values). */
export function tableOf(
  name: string,
  points: SeriesPoint[],
  labels: Pick<DashboardLabels, 'key' | 'group'>,
  valueColumn: string,
): Table2D {
  const groups = new Map<string, string>();
  for (const point of points) {
    if (point.group !== undefined && !groups.has(point.group)) {
      groups.set(point.group, labels.group(name, { ...point, group: point.group }));
    }
  }
  const groupIndex = [...groups.keys()];
  const rows = new Map<string, Table2D['rows'][number]>();
  for (const point of points) {
    const row = rows.get(point.key) ?? {
      key: point.key,
      label: labels.key(name, point),
      values: new Array<number>(Math.max(1, groups.size)).fill(0),
    };
    row.values[point.group === undefined ? 0 : groupIndex.indexOf(point.group)] = point.value;
    rows.set(point.key, row);
  }
  return {
    rows: [...rows.values()],
    columns: groups.size ? [...groups.values()] : [valueColumn],
  };
}
