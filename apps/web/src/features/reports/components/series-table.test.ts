import { describe, expect, it } from 'vitest';
import { monthsBetween, tableOf } from './series-table.ts';

const labels = {
  key: (_series: string, point: { key: string }) => `label ${point.key}`,
  group: (_series: string, point: { group: string; label?: string }) => point.label ?? point.group,
};

describe("a series' table", () => {
  it('lists every month of a range, across years', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2025-04-01', '2026-03-31')).toHaveLength(12);
    expect(monthsBetween('2025-04-10', '2025-04-20')).toEqual(['2025-04']);
  });

  it('shows every month of the range, 0 where the server found nothing', () => {
    const months = monthsBetween('2025-03-01', '2025-11-30');
    const table = tableOf(
      'by_month',
      [
        { key: '2025-03', value: 4 },
        { key: '2025-09', value: 2 },
        { key: '2025-11', value: 1 },
      ],
      labels,
      'Value',
      months,
    );
    expect(table.rows.map((row) => row.key)).toEqual(months);
    expect(table.rows.map((row) => row.values[0])).toEqual([4, 0, 0, 0, 0, 0, 2, 0, 1]);
    expect(table.rows[1]!.label).toBe('label 2025-04');
  });

  it('fills empty months of a series split by group with 0 in every column', () => {
    const table = tableOf(
      'by_month',
      [
        { key: '2025-01', group: '1', label: 'Phone', value: 3 },
        { key: '2025-03', group: '2', label: 'In person', value: 5 },
      ],
      labels,
      'Value',
      monthsBetween('2025-01-01', '2025-03-31'),
    );
    expect(table.columns).toEqual(['Phone', 'In person']);
    expect(table.rows.map((row) => [row.key, ...row.values])).toEqual([
      ['2025-01', 3, 0],
      ['2025-02', 0, 0],
      ['2025-03', 0, 5],
    ]);
  });

  it('leaves a series of other keys as the server ordered it', () => {
    const table = tableOf(
      'gender',
      [
        { key: 'Male', value: 5 },
        { key: 'Female', value: 3 },
      ],
      labels,
      'Value',
      monthsBetween('2025-01-01', '2025-03-31'),
    );
    expect(table.rows.map((row) => row.key)).toEqual(['Male', 'Female']);
  });
});
