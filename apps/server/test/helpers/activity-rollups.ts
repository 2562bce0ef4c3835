import { ALL_CENTRES } from '@cairn/shared/reporting.schemas';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DASHBOARD_SQL } from '../../src/modules/reporting/reporting-dashboards.repository.ts';
import { dashboardRows, type DashboardRange } from '../../src/modules/reporting/reporting-rows.repository.ts';
import { grantScope } from '../../src/modules/access/dashboards.policy.ts';
import { REFERENCE_SQL, type ReferencedDashboard } from '../support/reporting-reference.ts';
import type { TestApp } from './test-app.ts';

/**
 * Checks of the clients, client interactions and stories dashboards' report tables (migrations
 * 0018 and 0021): each answer against the one computed straight from the records
 * (test/support/reporting-reference.ts).
 */

/**
 * Fiscal-year edges, single days on either side of one, a quarter, a range ending mid-month on
 * both sides (whole months and edge days), and all time.
 */
const RANGES = [
  { start: '2024-04-01', end: '2025-03-31' },
  { start: '2025-04-01', end: '2026-03-31' },
  { start: '2025-03-31', end: '2025-03-31' },
  { start: '2025-04-01', end: '2025-04-01' },
  { start: '2025-07-01', end: '2025-09-30' },
  { start: '2025-03-15', end: '2025-06-10' },
  { start: '1900-01-01', end: '2100-12-31' },
];
const DASHBOARDS = Object.keys(REFERENCE_SQL) as ReferencedDashboard[];

/** The two demo Coordinators' centres and a third one. */
export async function threeCentres(t: TestApp): Promise<[number, number, number]> {
  const a = t.demo.coordinator.centreId!;
  const b = t.demo.coordinator2.centreId!;
  const [other] = await selectRows<{ id: number }>(
    t.db,
    sql`SELECT min(centre_id) AS id FROM centres WHERE centre_id NOT IN (${a}, ${b})`,
  );
  return [a, b, Number(other!.id ?? a)];
}

/** Every dashboard, range and scope: all centres, each of `centres`, and a centre with no one. */
export async function expectExact(t: TestApp, centres: readonly number[], step: string): Promise<void> {
  for (const dashboard of DASHBOARDS) {
    for (const { start, end } of RANGES) {
      for (const centre of [ALL_CENTRES, ...centres, 987_654]) {
        const range: DashboardRange = { start, end, scope: grantScope(centre) };
        const actual = await dashboardRows(t.db, DASHBOARD_SQL[dashboard](range));
        const expected = await dashboardRows(t.db, REFERENCE_SQL[dashboard](range));
        expect(actual, `${step}: ${dashboard} ${start}..${end} centre ${centre}`).toEqual(expected);
      }
    }
  }
}

/** A figure of a dashboard over all time and centres, to see that there is something to compare. */
export async function allTime(t: TestApp, dashboard: ReferencedDashboard, figure: string): Promise<number> {
  const range: DashboardRange = { start: '1900-01-01', end: '2100-12-31', scope: grantScope(ALL_CENTRES) };
  const found = (await dashboardRows(t.db, REFERENCE_SQL[dashboard](range))).find((r) => r.name === figure);
  return Number(found?.value ?? 0);
}
