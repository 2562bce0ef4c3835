import type { DashboardData } from '@cairn/shared/reporting.schemas';
import { clientListPath, FIGURE_COUNTS } from '@cairn/shared/client-list-filters';
import { describe, expect, it } from 'vitest';
import { useReportFixture, RANGE, type ReportFixture } from '../helpers/report-fixture.ts';
import type { DemoUserKey, TestApp } from '../helpers/test-app.ts';

/**
 * A report's figure or bar opens the clients list filtered to the clients it counts (issue 28):
 * GET /clients with the filters of client-list-filters.ts answers, for every figure and every
 * point of the clients dashboard, exactly as many clients as the dashboard counts.
 */
let t: TestApp;
let f: ReportFixture;
useReportFixture((app, fixture) => {
  t = app;
  f = fixture;
});

async function dashboard(
  as: DemoUserKey,
  start: string,
  end: string,
  centre: number,
): Promise<DashboardData> {
  const link = await t.call('POST', '/api/reporting/dashboard-links', {
    as,
    body: { dashboard: 'clients', start_date: start, end_date: end, centre_id: centre },
  });
  expect(link.status, JSON.stringify(link.json)).toBe(200);
  const res = await t.call('GET', `/api/${(link.json.url as string).slice(1)}`);
  expect(res.status).toBe(200);
  return res.json as DashboardData;
}

/** The clients list at a path the dashboard links to, as `as`. */
async function list(as: DemoUserKey, path: string) {
  const res = await t.call('GET', `/api${path}${path.includes('?') ? '&' : '?'}per_page=100`, { as });
  expect(res.status, `${path} ${JSON.stringify(res.json)}`).toBe(200);
  return res.json as { items: { client_id: number }[]; total: number };
}

describe('the clients list filtered to what a dashboard counts', () => {
  it('answers as many clients as every figure and every point counts, whole fiscal year or not, every centre or one', async () => {
    const cases: Array<[DemoUserKey, string, string, number]> = [
      ['admin', RANGE.start, RANGE.end, -1],
      ['admin', RANGE.start, '2025-06-15', -1],
      ['admin', '2024-05-01', '2024-12-31', f.centreA],
      ['reporter', RANGE.start, RANGE.end, f.centreB],
      ['coordinator', RANGE.start, RANGE.end, f.centreA],
    ];
    for (const [as, start, end, centre] of cases) {
      const d = await dashboard(as, start, end, centre);
      // A Reporter reads no clients list (cases.read): an Admin's stands for it.
      const reader = as === 'reporter' ? 'admin' : as;
      let points = 0;
      for (const [name, counted] of Object.entries(FIGURE_COUNTS)) {
        const found = await list(reader, clientListPath(d.params, counted!));
        expect(found.total, `${as} ${start}–${end} ${centre} ${name}`).toBe(d.figures[name]);
        expect(found.items).toHaveLength(found.total);
      }
      for (const [name, series] of Object.entries(d.series)) {
        for (const point of series) {
          const path = clientListPath(d.params, 'served', { name: name as never, key: point.key });
          expect((await list(reader, path)).total, `${as} ${start}–${end} ${centre} ${path}`).toBe(
            point.value,
          );
          points++;
        }
      }
      expect(points).toBeGreaterThanOrEqual(7);
    }
  });

  it('lists exactly the clients served, new and active of the fixture', async () => {
    const params = { centre_id: -1, start_date: RANGE.start, end_date: RANGE.end };
    const ids = async (counted: 'new' | 'active' | 'served') =>
      (await list('admin', clientListPath(params, counted))).items.map((c) => c.client_id);
    const c = f.clients;
    expect(await ids('served')).toEqual(expect.arrayContaining([c.A1, c.A2, c.A3, c.A5, c.B1]));
    expect(await ids('served')).not.toContain(c.A4);
    expect(await ids('new')).toEqual(expect.arrayContaining([c.A1, c.A3, c.A5, c.B1]));
    expect(await ids('new')).not.toContain(c.A2);
    expect(await ids('active')).toEqual(expect.arrayContaining([c.A1, c.A2, c.A5, c.B1]));
    expect(await ids('active')).not.toContain(c.A3);
    // One centre: B1 only.
    const b = await list('admin', clientListPath({ ...params, centre_id: f.centreB }, 'served'));
    expect(b.items.map((x) => x.client_id)).toEqual([c.B1]);
    // With a search too.
    const searched = await list('admin', `${clientListPath(params, 'served')}&s=Ada`);
    expect(searched.items.map((x) => x.client_id)).toContain(c.A1);
    expect(searched.items.map((x) => x.client_id)).not.toContain(c.B1);
  });

  it('keeps a Coordinator to their centre: another centre filters to nothing; a Reporter reads no list', async () => {
    expect((await t.call('GET', `/api/clients?centre_id=${f.centreB}`, { as: 'reporter' })).status).toBe(403);
    const params = { centre_id: f.centreB, start_date: RANGE.start, end_date: RANGE.end };
    expect((await list('coordinator', clientListPath(params, 'served'))).total).toBe(0);
    expect((await list('coordinator', `/clients?centre_id=${f.centreB}`)).total).toBe(0);
    const own = await list('coordinator', `/clients?centre_id=${f.centreA}`);
    expect(own.total).toBeGreaterThan(0);
    expect((await list('admin', `/clients?centre_id=${f.centreB}`)).items.map((x) => x.client_id)).toContain(
      f.clients.B1,
    );
  });

  it('answers 400 with the field for filters that do not hold together', async () => {
    const cases: Array<[string, string]> = [
      ['start_date=2024-04-01', 'end_date'],
      ['end_date=2024-04-01', 'start_date'],
      ['start_date=2025-01-01&end_date=2024-01-01', 'end_date'],
      ['start_date=2024-02-30&end_date=2024-03-01', 'start_date'],
      ['counted=served', 'start_date'],
      ['counted=all&start_date=2024-04-01&end_date=2025-03-31', 'counted'],
      ['breakdown=gender&start_date=2024-04-01&end_date=2025-03-31', 'key'],
      ['key=Male&start_date=2024-04-01&end_date=2025-03-31', 'breakdown'],
      ['breakdown=salary&key=1&start_date=2024-04-01&end_date=2025-03-31', 'breakdown'],
      ['centre_id=01', 'centre_id'],
    ];
    for (const [query, field] of cases) {
      const res = await t.call('GET', `/api/clients?${query}`, { as: 'admin' });
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.json.error.fields as object), query).toContain(field);
    }
  });

  it('exports the filtered list', async () => {
    const params = { centre_id: f.centreB, start_date: RANGE.start, end_date: RANGE.end };
    const res = await t.call(
      'GET',
      `/api${clientListPath(params, 'served').replace('/clients', '/clients/export')}`,
      {
        as: 'admin',
      },
    );
    expect(res.status).toBe(200);
    const bad = await t.call('GET', '/api/clients/export?counted=new', { as: 'admin' });
    expect(bad.status).toBe(400);
  });
});
