import type { Dashboard } from '@cairn/shared/reporting.schemas';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import type { Scope } from '../../src/modules/access/access.policy.ts';
import { DASHBOARD_SQL } from '../../src/modules/reporting/reporting-dashboards.repository.ts';
import {
  dashboardRows,
  type DashboardRange,
  type DashboardRow,
} from '../../src/modules/reporting/reporting-rows.repository.ts';
import { daysFromToday } from '../helpers/clients.ts';
import { catalogueItems, type CatalogueItem } from '../helpers/plans.ts';
import { waitForBlockedWriter } from '../helpers/pg-locks.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  outcomesReferenceSql,
  plansReferenceSql,
  supportsReferenceSql,
} from '../support/reporting-plans-reference.ts';
import {
  applyStep,
  KINDS,
  populating,
  selectIds,
  steps,
  type RollupWrites,
  type Step,
} from '../support/reporting-rollups-writes.ts';

/**
 * The plans, outcomes and supports-and-trainings dashboards read rollups kept by triggers
 * (migration 0019). After writes of every kind through the API
 * (test/support/reporting-rollups-writes.ts), and a few set-based statements the API does not
 * make (several rows at once, an outcome dated before its plan, TRUNCATE), each dashboard's rows
 * (the outcomes dashboard's retention from the follow-ups' rollup, migration 0037, included) equal
 * those of the statements that read the records themselves
 * (test/support/reporting-plans-reference.ts), for several ranges and centres.
 */
let t: TestApp;
let supports: CatalogueItem[];
let centres: number[];
let writes: RollupWrites;
beforeAll(async () => {
  t = await createTestApp();
  const barriers = (await catalogueItems(t, 'barriers')).regular.slice(0, 4);
  supports = (await catalogueItems(t, 'supports')).regular.slice(0, 4);
  const trainings = (await catalogueItems(t, 'trainings')).regular.slice(0, 3);
  centres = [t.demo.coordinator.centreId!, t.demo.coordinator2.centreId!];
  writes = { t, barriers, supports, trainings, centres };
}, 60_000);
afterAll(() => t.close());

const REFERENCE: Partial<Record<Dashboard, (r: DashboardRange) => SQL>> = {
  plans: plansReferenceSql,
  outcomes: outcomesReferenceSql,
  supports_trainings: supportsReferenceSql,
};

const RANGES: Array<[string, string]> = [
  ['2024-04-01', '2025-03-31'],
  ['2025-04-01', '2026-03-31'],
  ['2025-03-31', '2025-03-31'],
  ['2025-04-01', '2025-04-01'],
  ['2024-04-15', '2025-04-02'],
  ['2024-07-01', '2024-07-31'],
  ['1900-01-01', '2099-12-31'],
  [daysFromToday(-120), daysFromToday(0)],
  [daysFromToday(-95), daysFromToday(-90)],
];

const scopes = (): Scope[] => [
  { allCentres: true, centreId: null },
  ...centres.map((centreId) => ({ allCentres: false, centreId })),
];

/** Every dashboard, range and scope: the rollups' rows against the reference's, all in one message. */
async function expectRollupsExact(): Promise<void> {
  const differences: string[] = [];
  let compared = 0;
  for (const [dashboard, reference] of Object.entries(REFERENCE) as Array<
    [Dashboard, (r: DashboardRange) => SQL]
  >) {
    for (const [start, end] of RANGES) {
      for (const scope of scopes()) {
        const r: DashboardRange = { start, end, scope };
        const [got, want] = await Promise.all([
          dashboardRows(t.db, DASHBOARD_SQL[dashboard](r)),
          dashboardRows(t.db, reference(r)),
        ]);
        compared += want.length;
        const norm = (rows: DashboardRow[]) => rows.map((row) => ({ ...row, value: Number(row.value) }));
        if (JSON.stringify(norm(got)) !== JSON.stringify(norm(want))) {
          differences.push(`${dashboard} ${start}..${end} ${scope.centreId ?? 'all'}`);
          expect(norm(got), differences.at(-1)).toEqual(norm(want));
        }
      }
    }
  }
  expect(differences).toEqual([]);
  expect(compared).toBeGreaterThan(0);
}

const ids = (query: SQL): Promise<number[]> => selectIds(t, query);

/** Makes the writes of step `s`; answers whether it wrote. */
const apply = (s: Step): Promise<boolean> => applyStep(writes, s);

describe('rollups of plans, outcomes, supports and trainings', () => {
  const wrote = new Set<string>();

  it('equal the records after a scripted sequence of every kind of write', async () => {
    const script: Step[] = [...populating()];
    script.push(
      { kind: 'outcome', a: 0, b: 6, c: 0 },
      { kind: 'outcome', a: 1, b: 11, c: 1 },
      { kind: 'outcome', a: 2, b: 12, c: 1 },
      { kind: 'outcome', a: 3, b: 13, c: 2 },
      { kind: 'follow_up', a: 0, b: 0, c: 0 },
      { kind: 'follow_up', a: 2, b: 1, c: 0 },
      { kind: 'follow_up', a: 4, b: 3, c: 0 },
      { kind: 'group_bulk', a: 0, b: 1, c: 2 },
      { kind: 'group_bulk', a: 1, b: 0, c: 3 },
      { kind: 'plan_update', a: 0, b: 9, c: 2 },
      { kind: 'outcome_update', a: 0, b: 10, c: 4 },
      { kind: 'client_move', a: 1, b: 0, c: 0 },
      { kind: 'spending_update', a: 2, b: 3, c: 5 },
      { kind: 'spending_delete', a: 1, b: 0, c: 0 },
      { kind: 'outcome_delete', a: 1, b: 0, c: 0 },
      { kind: 'plan_delete', a: 3, b: 0, c: 0 },
      { kind: 'client_delete', a: 0, b: 0, c: 0 },
    );
    for (const s of script) if (await apply(s)) wrote.add(s.kind);
    expect([...wrote].sort()).toEqual([...KINDS].sort());
    await expectRollupsExact();
  }, 120_000);

  it('equal the records after random sequences of writes', async () => {
    let written = 0;
    await fc.assert(
      fc.asyncProperty(steps, async (list) => {
        for (const s of list) if (await apply(s)) written += 1;
        await expectRollupsExact();
      }),
      { numRuns: 5, seed: 12, endOnFailure: true },
    );
    expect(written).toBeGreaterThan(30);
  }, 180_000);

  it('equal the records after statements of many rows, an outcome before its plan, and TRUNCATE', async () => {
    for (const s of populating()) await apply(s);
    const plans = await ids(sql`SELECT plan_id AS id FROM plans ORDER BY plan_id`);
    expect(plans.length).toBeGreaterThan(3);
    // An outcome dated before its plan's own date closes the plan the day it opens.
    const open = await ids(sql`SELECT plan_id AS id FROM plans WHERE status = 'Open' ORDER BY plan_id`);
    await t.db.execute(sql`
      INSERT INTO outcomes (plan_id, date, program_outcome, post_program_status, received_certificate)
      SELECT plan_id, date - 40, 'Cancelled', 'Not in the labour force', 'No' FROM plans
       WHERE plan_id = ANY(${`{${open.slice(0, 2).join(',')}}`}::int[])`);
    await expectRollupsExact();
    // One statement moves several plans' dates, another every support of two plans to another support.
    await t.db.execute(sql`UPDATE plans SET date = date + 31 WHERE plan_id % 2 = 0`);
    await t.db.execute(sql`
      UPDATE plan_supports SET support_id = ${supports[3]!.id}, other_name = 'Moved ' || plan_support_id
       WHERE plan_id % 3 = 0`);
    await t.db.execute(sql`UPDATE outcomes SET date = date + 1`);
    await t.db.execute(sql`UPDATE plan_trainings SET date = date - 1, noc = NULL WHERE plan_id % 2 = 1`);
    await t.db.execute(sql`DELETE FROM plan_barriers WHERE plan_id % 2 = 0`);
    await t.db.execute(
      sql`UPDATE clients SET centre_id = CASE centre_id WHEN ${centres[0]} THEN ${centres[1]}::int ELSE ${centres[0]}::int END`,
    );
    await expectRollupsExact();
    await t.db.execute(
      sql`DELETE FROM plans WHERE plan_id = ANY(${`{${plans.slice(0, 2).join(',')}}`}::int[])`,
    );
    await expectRollupsExact();
    // A closed plan moved to a client of the other centre (as a merge moves plans), and one
    // statement recording several follow-ups.
    for (const b of [12, 14]) expect(await apply({ kind: 'outcome', a: 0, b, c: 1 })).toBe(true);
    const [moved] = await selectRows<{ plan_id: number; client_id: number }>(
      t.db,
      sql`SELECT p.plan_id, o.client_id FROM plans p JOIN clients c ON c.client_id = p.client_id
            JOIN clients o ON o.centre_id <> c.centre_id
           WHERE p.status <> 'Open' AND EXISTS (SELECT 1 FROM follow_ups f WHERE f.plan_id = p.plan_id)
           ORDER BY p.plan_id, o.client_id LIMIT 1`,
    );
    expect(moved).toBeDefined();
    await t.db.execute(
      sql`UPDATE plans SET client_id = ${moved!.client_id} WHERE plan_id = ${moved!.plan_id}`,
    );
    await t.db.execute(sql`
      UPDATE follow_ups SET contact_date = due_date, reached = true, post_program_status = 'Employed', hours = 'Part time'
       WHERE follow_up_id % 2 = 0 AND due_date <= current_date`);
    await expectRollupsExact();
    await t.db.execute(sql`TRUNCATE spendings`);
    await t.db.execute(sql`TRUNCATE follow_ups`);
    await expectRollupsExact();
  }, 120_000);

  it("let two transactions write one plan's records at once (PostgreSQL)", async (ctx) => {
    // PGlite serves one connection: nothing runs at once there.
    if (t.dbKind !== 'postgres') ctx.skip();
    for (const s of populating()) await apply(s);
    const [planId] = await ids(
      sql`SELECT plan_id AS id FROM plans WHERE status = 'Open' ORDER BY plan_id DESC LIMIT 1`,
    );
    const [supportId] = await ids(
      sql`SELECT s.support_id AS id FROM supports s
           WHERE NOT s.is_other AND NOT EXISTS (SELECT 1 FROM plan_supports ps
                                                 WHERE ps.plan_id = ${planId} AND ps.support_id = s.support_id)
           ORDER BY s.support_id LIMIT 1`,
    );
    let inserted!: () => void;
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (inserted = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    // The outcome closes the plan and its supports; a support is added to the plan meanwhile, so
    // neither write's trigger sees the other's row unless they take turns.
    const first = t.db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO outcomes (plan_id, date, program_outcome, post_program_status, received_certificate)
        SELECT plan_id, date + 20, 'Complete', 'Employed', 'Yes' FROM plans WHERE plan_id = ${planId}`);
      inserted();
      await held;
    });
    await ready;
    // Nothing waits yet: the wait below sees the second writer, not some other lock.
    await expect(waitForBlockedWriter(t.db, 200)).rejects.toThrow(/did not block/);
    // (A drizzle query runs when awaited: `then` starts it now.)
    const second = t.db
      .execute(
        sql`INSERT INTO plan_supports (plan_id, support_id, position) VALUES (${planId}, ${supportId}, 1000)`,
      )
      .then(() => undefined);
    // It must be seen waiting on the first writer's lock, or the test proves nothing.
    await waitForBlockedWriter(t.db);
    release();
    await first;
    await second;
    await expectRollupsExact();
  }, 120_000);
});
