import type { DashboardData, SeriesPoint } from '@cairn/shared/reporting.schemas';
import { DASHBOARD_SHAPES, LATEST_STORY_WRITEUP_MAX } from '@cairn/shared/reporting-dashboards';
import { describe, expect, it } from 'vitest';
import { useReportFixture, RANGE, type ReportFixture } from '../helpers/report-fixture.ts';
import type { DemoUserKey, TestApp } from '../helpers/test-app.ts';

/**
 * Every dashboard's numbers against the fixture of helpers/report-fixture.ts, each worked out by
 * hand there (which record lies in the range, which centre it belongs to) and written here as
 * plain numbers.
 */
let t: TestApp;
let f: ReportFixture;
useReportFixture((app, fixture) => {
  t = app;
  f = fixture;
});

async function dashboard(
  dashboard: string,
  options: { as?: DemoUserKey; centre?: number; start?: string; end?: string } = {},
): Promise<DashboardData> {
  const link = await t.call('POST', '/api/reporting/dashboard-links', {
    as: options.as ?? 'admin',
    body: {
      dashboard,
      start_date: options.start ?? RANGE.start,
      end_date: options.end ?? RANGE.end,
      centre_id: options.centre ?? -1,
    },
  });
  expect(link.status, JSON.stringify(link.json)).toBe(200);
  const token = (link.json.url as string).replace('/embed/dashboard/', '');
  const res = await t.call('GET', `/api/embed/dashboard/${token}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as DashboardData;
}

/** A series as `{ key: value }` (or `{ key|group: value }` for a two-dimensional one). */
const byKey = (points: SeriesPoint[]) =>
  Object.fromEntries(points.map((p) => [p.group ? `${p.key}|${p.group}` : p.key, p.value]));

describe('dashboards: the shape', () => {
  it('answers exactly the figures, series and lists DASHBOARD_SHAPES names', async () => {
    for (const [name, shape] of Object.entries(DASHBOARD_SHAPES)) {
      const data = await dashboard(name);
      expect(data.dashboard).toBe(name);
      expect(Object.keys(data.figures).sort()).toEqual([...shape.figures].sort());
      expect(Object.keys(data.series).sort()).toEqual([...shape.series].sort());
      expect(Object.keys(data.lists).sort()).toEqual([...shape.lists].sort());
      expect(data.params).toEqual({
        ...{ start_date: RANGE.start, end_date: RANGE.end },
        centre_id: -1,
        centre_name: null,
      });
    }
  });
});

describe('dashboards: clients', () => {
  it('counts new and active clients and breaks the served ones down, all centres', async () => {
    const d = await dashboard('clients');
    // New: A1 (1 April), A3 (31 March), A5, B1. Active: A1, A2 (plan open since February), A5, B1.
    expect(d.figures).toEqual({ new_clients: 4, active_clients: 4, clients_served: 5 });
    // Served: A1, A2, A3, A5, B1 (A4's plan closed the day before the range).
    expect(byKey(d.series.gender!)).toEqual({ Female: 2, Male: 2, unknown: 1 });
    // Ages on 31 March 2025: A5 15, A1 34, A2 25, B1 65, A3 unknown.
    expect(d.series.age_band!.map((p) => [p.key, p.value])).toEqual([
      ['0-17', 1],
      ['25-34', 2],
      ['65+', 1],
      ['unknown', 1],
    ]);
    expect(byKey(d.series.indigenous!)).toEqual({ yes: 2, no: 3 });
    expect(byKey(d.series.status_type!)).toEqual({ Métis: 1, Inuit: 1 });
    expect(byKey(d.series.reserve!)).toEqual({ 'Off reserve': 1, 'On reserve': 1 });
    expect(byKey(d.series.disability!)).toEqual({ yes: 1, no: 4 });
    expect(byKey(d.series.education!)).toEqual({ 'Highschool diploma': 4, None: 1 });
    expect(byKey(d.series.citizenship!)).toEqual({ 'Canadian citizen': 4, 'Permanent resident': 1 });
    expect(byKey(d.series.province!)).toEqual({ MB: 3, NU: 1, unknown: 1 });
    expect(d.series.province!.find((p) => p.key === 'MB')!.label).toBe('Manitoba');
  });

  it("counts a birthday on the range's last day in the new age", async () => {
    // A1 was born on 15 June 1990: 35 on 15 June 2025, still 34 the day before.
    const on = await dashboard('clients', { start: RANGE.start, end: '2025-06-15' });
    expect(byKey(on.series.age_band!)['35-44']).toBe(1);
    const before = await dashboard('clients', { start: RANGE.start, end: '2025-06-14' });
    expect(byKey(before.series.age_band!)['35-44']).toBeUndefined();
    expect(byKey(before.series.age_band!)['25-34']).toBe(2);
    // Not a whole fiscal year (read from the spans): the clients served are those the breakdowns count.
    for (const d of [on, before]) {
      const counted = d.series.gender!.reduce((sum, p) => sum + p.value, 0);
      expect(d.figures.clients_served).toBe(counted);
      expect(d.figures.clients_served).toBeGreaterThanOrEqual(d.figures.active_clients!);
    }
  });

  it('holds a Coordinator to their centre whatever centre they ask for', async () => {
    for (const centre of [-1, f.centreB]) {
      const d = await dashboard('clients', { as: 'coordinator', centre });
      expect(d.params.centre_id).toBe(f.centreA);
      expect(d.params.centre_name).toEqual(expect.any(String));
      // A1, A3, A5 new; A1, A2, A5 active.
      expect(d.figures).toEqual({ new_clients: 3, active_clients: 3, clients_served: 4 });
      expect(byKey(d.series.gender!)).toEqual({ Female: 2, Male: 1, unknown: 1 });
    }
  });

  it('lets a Reporter choose the other centre', async () => {
    const d = await dashboard('clients', { as: 'reporter', centre: f.centreB });
    expect(d.params.centre_id).toBe(f.centreB);
    expect(d.figures).toEqual({ new_clients: 1, active_clients: 1, clients_served: 1 });
  });
});

describe('dashboards: client interactions', () => {
  it('totals by type and month and counts the clients reached', async () => {
    const d = await dashboard('client_interactions');
    // In range: A1 2 + 1, A2 1, B1 3 (B1's 5 on 31 March 2024 is the day before).
    expect(d.figures).toEqual({ interactions: 7, clients_reached: 3 });
    expect(byKey(d.series.by_type!)).toEqual({ [f.typeT1.id]: 3, [f.typeT2.id]: 4 });
    expect(d.series.by_type!.map((p) => p.label)).toEqual([f.typeT1.name, f.typeT2.name]);
    expect(byKey(d.series.by_month!)).toEqual({
      [`2024-04|${f.typeT1.id}`]: 2,
      [`2024-05|${f.typeT2.id}`]: 1,
      [`2024-12|${f.typeT2.id}`]: 3,
      [`2025-03|${f.typeT1.id}`]: 1,
    });
  });

  it("counts one centre's", async () => {
    const d = await dashboard('client_interactions', { centre: f.centreA });
    expect(d.figures).toEqual({ interactions: 4, clients_reached: 2 });
  });
});

describe('dashboards: plans', () => {
  it('counts opened, closed and open plans, employment at start and barriers', async () => {
    const d = await dashboard('plans');
    // Active: P1, P2, P5, P6. Opened in range: P1, P5, P6. Closed in it: P6, P5 (31 March 2025).
    // Open on 31 March 2025: P1 (closes 1 April) and P2.
    expect(d.figures).toEqual({ plans_opened: 3, plans_closed: 2, plans_open_at_end: 2 });
    expect(byKey(d.series.current_employment!)).toEqual({
      Unemployed: 1,
      unknown: 1,
      'Not in the labour force': 1,
    });
    // Barriers of the plans opened in range: P1 X and Y, P5 X (P2's is older).
    expect(byKey(d.series.barriers_by_category!)).toEqual({ Financial: 2, Health: 1 });
    expect(d.series.top_barriers).toEqual([
      { key: String(f.barrierX.id), label: f.barrierX.name, value: 2 },
      { key: String(f.barrierY.id), label: f.barrierY.name, value: 1 },
    ]);
  });

  it("counts one centre's", async () => {
    const d = await dashboard('plans', { centre: f.centreA });
    expect(d.figures).toEqual({ plans_opened: 2, plans_closed: 1, plans_open_at_end: 2 });
  });
});

describe('dashboards: outcomes', () => {
  it('breaks the outcomes of the range down and shares the employed', async () => {
    const d = await dashboard('outcomes');
    // P5 (31 March 2025) and P6; P4's (31 March 2024) and P1's (1 April 2025) lie outside.
    expect(d.figures).toEqual({
      outcomes: 2,
      employed_at_exit: 1,
      employed_share: 50,
      certificates_received: 1,
    });
    expect(byKey(d.series.program_outcome!)).toEqual({ Complete: 1, Incomplete: 1 });
    expect(byKey(d.series.incomplete_reason!)).toEqual({ Moved: 1 });
    expect(byKey(d.series.post_program_status!)).toEqual({ 'Returned to school': 1, 'Self-employed': 1 });
    expect(byKey(d.series.received_certificate!)).toEqual({ yes: 1, no: 1 });
  });

  it('answers a share of 0 when there is nothing to divide', async () => {
    const d = await dashboard('outcomes', { start: '2010-01-01', end: '2010-12-31' });
    expect(d.figures).toEqual({
      outcomes: 0,
      employed_at_exit: 0,
      employed_share: 0,
      certificates_received: 0,
    });
  });
});

describe('dashboards: supports and trainings', () => {
  it('counts supports, trainings and spending in cents', async () => {
    const d = await dashboard('supports_trainings');
    // Supports of active plans: P1 S1 and S2, P2 S1, P6 S2 (P4 is not active).
    // Trainings dated in range: P1 A, P5 A (31 March 2025), P6 B. Spending: 100.10 + 0.05 + 1000.00.
    expect(d.figures).toEqual({ supports: 4, trainings: 3, spending_cents: 110015, spending_lines: 3 });
    expect(byKey(d.series.supports_by_category!)).toEqual({ Cultural: 2, Employment: 2 });
    const types = byKey(d.series.supports_by_reporting_type!);
    expect(Object.values(types).reduce((a, b) => a + b, 0)).toBe(4);
    expect(types[String(f.supportS1.reportingType ?? 'unknown')]).toBeGreaterThanOrEqual(2);
    expect(byKey(d.series.trainings_by_name!)).toEqual({ [f.trainingA.id]: 2, [f.trainingB.id]: 1 });
    expect(byKey(d.series.trainings_by_noc!)).toEqual({ '1234': 2, none: 1 });
    expect(byKey(d.series.spending_by_fiscal_year!)).toEqual({ '2024': 110015 });
  });

  it('puts 31 March in the fiscal year before and 1 April in the next', async () => {
    const d = await dashboard('supports_trainings', { start: '2024-03-31', end: '2024-04-01' });
    // P5's 50.00 on 31 March 2024 (fiscal 2023) and P1's 100.10 on 1 April 2024 (fiscal 2024).
    expect(byKey(d.series.spending_by_fiscal_year!)).toEqual({ '2023': 5000, '2024': 10010 });
    expect(d.figures.spending_cents).toBe(15010);
  });
});

describe('dashboards: stories', () => {
  it('counts stories by month and lists the latest, newest first, without names', async () => {
    const d = await dashboard('stories');
    expect(d.figures).toEqual({ stories: 4, clients_with_stories: 3 });
    expect(byKey(d.series.by_month!)).toEqual({ '2024-04': 2, '2024-07': 1, '2025-03': 1 });
    const latest = d.lists.latest!;
    expect(latest.map((s) => s.story_id)).toEqual([f.stories.A2, f.stories.B1, f.stories.A1b, f.stories.A1a]);
    expect(Object.keys(latest[0]!).sort()).toEqual(['centre_name', 'date', 'story_id', 'writeup']);
    expect(latest[0]!.date).toBe('2025-03-31');
    expect((latest[2]!.writeup as string).length).toBe(LATEST_STORY_WRITEUP_MAX);
  });

  it("lists only the caller's centre for a Coordinator", async () => {
    const d = await dashboard('stories', { as: 'coordinator', centre: -1 });
    expect(d.figures).toEqual({ stories: 3, clients_with_stories: 2 });
    expect(d.lists.latest!.map((s) => s.story_id)).toEqual([f.stories.A2, f.stories.A1b, f.stories.A1a]);
  });
});

describe('dashboards in French (issue 34)', () => {
  /** The dashboard as a caller whose browser asks for `language` (a shared link has no sign-in). */
  async function labelled(name: string, language: string) {
    const link = await t.call('POST', '/api/reporting/dashboard-links', {
      as: 'admin',
      body: { dashboard: name, start_date: RANGE.start, end_date: RANGE.end, centre_id: -1 },
    });
    const token = (link.json.url as string).replace('/embed/dashboard/', '');
    const res = await t.call('GET', `/api/embed/dashboard/${token}`, {
      headers: { 'accept-language': language },
    });
    expect(res.status, res.body).toBe(200);
    return res.json as DashboardData;
  }

  it('names catalogue items, reporting types and interaction types in French, the numbers unchanged', async () => {
    const checked: string[] = [];
    for (const name of ['client_interactions', 'plans', 'supports_trainings']) {
      const [en, fr] = [await labelled(name, 'en-CA'), await labelled(name, 'fr-CA,fr;q=0.9')];
      expect(fr.figures).toEqual(en.figures);
      for (const [series, points] of Object.entries(en.series)) {
        const french = fr.series[series]!;
        expect(french.map((p) => [p.key, p.group, p.value])).toEqual(
          points.map((p) => [p.key, p.group, p.value]),
        );
        points.forEach((p, i) => {
          if (p.label !== undefined && p.label !== french[i]!.label) checked.push(french[i]!.label!);
        });
      }
    }
    // The fixture's interaction types, barriers, trainings and reporting types, now in French.
    expect(checked.length).toBeGreaterThan(2);
    expect(checked).toContain('En personne');
  });
});
