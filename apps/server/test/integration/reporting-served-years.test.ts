import { ALL_CENTRES } from '@cairn/shared/reporting.schemas';
import { todayIso } from '@cairn/shared/dates';
import { fiscalYearOf, fiscalYearRange } from '@cairn/shared/fiscal-year';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DASHBOARD_SQL } from '../../src/modules/reporting/reporting-dashboards.repository.ts';
import { extendServedYears } from '../../src/modules/reporting/reporting-rollups.repository.ts';
import { dashboardRows, type DashboardRange } from '../../src/modules/reporting/reporting-rows.repository.ts';
import { grantScope } from '../../src/modules/access/dashboards.policy.ts';
import { createClient } from '../helpers/clients.ts';
import { createPlan } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { REFERENCE_SQL } from '../support/reporting-reference.ts';

/**
 * The clients dashboard reads a whole fiscal year from report_served_years (migration 0020) up to
 * its horizon, and from the spans past it: both must answer what the records say, before and
 * after the horizon moves, with writes made meanwhile.
 */
let t: TestApp;
let centres: number[];
beforeAll(async () => {
  t = await createTestApp();
  centres = [ALL_CENTRES, t.demo.coordinator.centreId!, t.demo.coordinator2.centreId!];
}, 60_000);
afterAll(() => t.close());

const thisYear = fiscalYearOf(todayIso());
const YEARS = [thisYear - 2, thisYear - 1, thisYear];

async function horizon(): Promise<number> {
  const [row] = await selectRows<{ fy: number }>(t.db, sql`SELECT fy FROM report_served_horizon`);
  return row!.fy;
}

async function keptRows(fy: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM report_served_years WHERE fy = ${fy} AND n > 0`,
  );
  return row!.n;
}

/** The clients dashboard for each whole fiscal year and scope, against the records. */
async function expectExact(step: string): Promise<void> {
  for (const fy of YEARS) {
    for (const centre of centres) {
      const range: DashboardRange = { ...fiscalYearRange(fy), scope: grantScope(centre) };
      const actual = await dashboardRows(t.db, DASHBOARD_SQL.clients(range));
      const expected = await dashboardRows(t.db, REFERENCE_SQL.clients(range));
      expect(actual, `${step}: FY ${fy} centre ${centre}`).toEqual(expected);
    }
  }
}

describe('the clients dashboard over whole fiscal years', () => {
  it('is kept to the year after this one, read from the years up to the horizon and from the spans past it', async () => {
    // The app keeps the years up to the one after today's (the migration, then the app's start).
    expect(await horizon()).toBeGreaterThanOrEqual(thisYear + 1);
    const client = await createClient(t, 'coordinator');
    await createPlan(t, 'coordinator', client.client_id);
    expect(await keptRows(thisYear)).toBeGreaterThan(0);
    await expectExact('kept');

    // The horizon before this year: this year is read from the spans, and writes keep the years
    // up to the horizon only.
    await t.db.execute(sql`UPDATE report_served_horizon SET fy = ${thisYear - 1}`);
    const later = await createClient(t, 'coordinator2');
    await createPlan(t, 'coordinator2', later.client_id);
    await expectExact('past the horizon');

    // Moved on: this year counted from the spans again, once.
    await extendServedYears(t.db, thisYear + 1);
    expect(await horizon()).toBe(thisYear + 1);
    await expectExact('extended');
    // Asking for a year it already reaches changes nothing.
    await extendServedYears(t.db, thisYear);
    expect(await horizon()).toBe(thisYear + 1);
    await expectExact('extended again');
  });
});
