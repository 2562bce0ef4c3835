import { describe, expect, it } from 'vitest';
import { formatTime } from '@cairn/shared/format';
import { formatsFor } from '../../../lib/formats.ts';
import i18n from '../../../lib/i18n.ts';
import { embedMessageOf } from './embed-messages.ts';
import { tableOf } from './series-table.ts';
import { dashboardLabels, dataAsOfLine, LABEL_NAMESPACES } from './use-dashboard-labels.ts';

const labels = dashboardLabels(i18n.getFixedT('en', [...LABEL_NAMESPACES]), formatsFor('en-CA'));

describe("a dashboard's words", () => {
  it('translates keys through the choice labels, its own groups, or shows the server’s label', () => {
    expect(labels.key('province', { key: 'ON', value: 1 })).toBe('Ontario');
    expect(labels.key('education', { key: "Bachelor's degree", value: 1 })).toBe("Bachelor's degree");
    expect(labels.key('age_band', { key: '65+', value: 1 })).toBe('65 and over');
    expect(labels.key('disability', { key: 'yes', value: 1 })).toBe('Yes');
    expect(labels.key('gender', { key: 'unknown', value: 1 })).toBe('Unknown');
    expect(labels.key('trainings_by_noc', { key: 'none', value: 1 })).toBe('None');
    expect(labels.key('trainings_by_name', { key: '7', label: 'WHMIS', value: 2 })).toBe('WHMIS');
    // A key nobody words is shown as it is (a NOC code).
    expect(labels.key('trainings_by_noc', { key: '7611', value: 1 })).toBe('7611');
  });

  it('writes months and fiscal years in the locale', () => {
    expect(labels.key('by_month', { key: '2026-04', value: 3 })).toBe(
      new Intl.DateTimeFormat('en-CA', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        Date.UTC(2026, 3, 1),
      ),
    );
    expect(labels.key('spending_by_fiscal_year', { key: '2025', value: 100 })).toBe('2025–26');
  });

  it('names a split series’ rows by key and its columns by the points’ labels', () => {
    const point = { key: '2026-05', group: '3', label: 'In person', value: 2 };
    expect(labels.group('by_month', point)).toBe('In person');
    expect(labels.key('by_month', point)).not.toBe('In person');
  });

  it('names retention’s rows by the months after the outcome and its columns by measure', () => {
    const point = { key: '3', group: 'full_time', value: 4 };
    expect(labels.key('retention', point)).toBe('3 months after');
    expect(labels.key('retention', { key: '1', group: 'due', value: 1 })).toBe('1 month after');
    expect(labels.group('retention', point)).toBe('Full time');
    expect(labels.group('retention', { ...point, group: 'employed' })).toBe('Employed or self-employed');
  });

  it('writes figures as counts, money from cents and percent with one decimal', () => {
    expect(labels.figure('new_clients', 12345)).toBe('12,345');
    expect(labels.figure('spending_cents', 123456)).toBe('$1,234.56');
    expect(labels.figure('employed_share', 42.5)).toBe('42.5%');
    expect(labels.figure('employed_share', 0)).toBe('0.0%');
    expect(labels.value('spending_by_fiscal_year', 5)).toBe('$0.05');
    expect(labels.value('by_type', 1000)).toBe('1,000');
  });
});

describe("a chart's table", () => {
  it('is a row per key and a value column for a plain series', () => {
    const table = tableOf(
      'gender',
      [
        { key: 'Female', value: 4 },
        { key: 'Male', value: 3 },
      ],
      labels,
      'Value',
    );
    expect(table.columns).toEqual(['Value']);
    expect(table.rows.map((r) => [r.label, ...r.values])).toEqual([
      ['Female', 4],
      ['Male', 3],
    ]);
  });

  it('is a row per key and a column per group for a split series, zero where a group has nothing', () => {
    const table = tableOf(
      'by_month',
      [
        { key: '2026-04', group: '1', label: 'In person', value: 2 },
        { key: '2026-04', group: '2', label: 'Phone', value: 5 },
        { key: '2026-05', group: '2', label: 'Phone', value: 1 },
      ],
      labels,
      'Value',
    );
    expect(table.columns).toEqual(['In person', 'Phone']);
    expect(table.rows.map((r) => [r.key, ...r.values])).toEqual([
      ['2026-04', 2, 5],
      ['2026-05', 0, 1],
    ]);
  });
});

describe('messages from an embedded dashboard', () => {
  it('are ours only with their exact shape', () => {
    expect(embedMessageOf({ type: 'cairn:dashboard-expired' })).toEqual({ type: 'cairn:dashboard-expired' });
    // A dashboard opens the clients list, and nothing else.
    expect(embedMessageOf({ type: 'cairn:dashboard-open', path: '/clients?gender=Male' })).toEqual({
      type: 'cairn:dashboard-open',
      path: '/clients?gender=Male',
    });
    expect(embedMessageOf({ type: 'cairn:dashboard-height', height: 812.5 })).toEqual({
      type: 'cairn:dashboard-height',
      height: 812.5,
    });
    for (const other of [
      null,
      'cairn:dashboard-expired',
      { type: 'cairn:dashboard-height', height: '900' },
      { type: 'cairn:dashboard-height', height: -1 },
      { type: 'cairn:dashboard-height', height: Infinity },
      { type: 'something-else' },
      { type: 'cairn:dashboard-open', path: 'https://elsewhere.example/clients' },
      { type: 'cairn:dashboard-open', path: '//elsewhere.example/clients' },
      { type: 'cairn:dashboard-open', path: '/users?role=admin' },
      { type: 'cairn:dashboard-open', path: 42 },
    ]) {
      expect(embedMessageOf(other)).toBeNull();
    }
  });
});

describe('a dashboard read from the read replica', () => {
  it('says the time its data is as of, through the catalogue, in the locale and time zone', () => {
    const t = i18n.getFixedT('en', 'reports');
    const inToronto = { time: (iso: string) => formatTime(iso, 'en-CA', 'America/Toronto') };
    expect(dataAsOfLine(t, inToronto, '2026-11-27T15:42:10.000Z')).toBe('Data as of 10:42 a.m.');
    // The dashboard's own labels: the browser's time zone, the reader's locale.
    const at = '2026-11-27T15:42:10.000Z';
    expect(dataAsOfLine(t, labels, at)).toBe(
      `Data as of ${new Intl.DateTimeFormat('en-CA', { hour: 'numeric', minute: '2-digit' }).format(new Date(at))}`,
    );
  });
});
