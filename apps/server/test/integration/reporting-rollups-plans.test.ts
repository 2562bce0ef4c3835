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
import { createClient, daysFromToday, whole } from '../helpers/clients.ts';
import { followUpBody } from '../helpers/follow-ups.ts';
import { createGroup } from '../helpers/groups.ts';
import { catalogueItems, planInfo, type CatalogueItem } from '../helpers/plans.ts';
import { waitForBlockedWriter } from '../helpers/pg-locks.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  outcomesReferenceSql,
  plansReferenceSql,
  supportsReferenceSql,
} from '../support/reporting-plans-reference.ts';

/**
 * The plans, outcomes and supports-and-trainings dashboards read rollups kept by triggers
 * (migration 0019). After writes of every kind through the API (and a few set-based statements
 * the API does not make: several rows at once, an outcome dated before its plan, TRUNCATE), each
 * dashboard's rows (the outcomes dashboard's retention from the follow-ups' rollup, migration
 * 0037, included) equal those of the statements that read the records themselves
 * (test/support/reporting-plans-reference.ts), for several ranges and centres.
 */
let t: TestApp;
let barriers: CatalogueItem[];
let supports: CatalogueItem[];
let trainings: CatalogueItem[];
let centres: number[];
beforeAll(async () => {
  t = await createTestApp();
  barriers = (await catalogueItems(t, 'barriers')).regular.slice(0, 4);
  supports = (await catalogueItems(t, 'supports')).regular.slice(0, 4);
  trainings = (await catalogueItems(t, 'trainings')).regular.slice(0, 3);
  centres = [t.demo.coordinator.centreId!, t.demo.coordinator2.centreId!];
}, 60_000);
afterAll(() => t.close());

const REFERENCE: Partial<Record<Dashboard, (r: DashboardRange) => SQL>> = {
  plans: plansReferenceSql,
  outcomes: outcomesReferenceSql,
  supports_trainings: supportsReferenceSql,
};

/** Fiscal-year edges, month edges and a day in the middle of a month. */
const DAYS = [
  '2024-03-31',
  '2024-04-01',
  '2024-04-15',
  '2024-06-30',
  '2024-07-01',
  '2025-02-28',
  '2025-03-31',
  '2025-04-01',
  '2025-04-02',
  '2025-09-30',
  '2026-03-31',
  '2026-04-01',
  // Outcomes whose 3-month follow-ups fall due around today: this month's, and the last.
  daysFromToday(-95),
  daysFromToday(-90),
  daysFromToday(-70),
];

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

const ids = async (query: SQL): Promise<number[]> =>
  (await selectRows<{ id: number }>(t.db, query)).map((row) => Number(row.id));

/** The `n`th of `list` (wrapping), or undefined for an empty list. */
const nth = <T>(list: readonly T[], n: number): T | undefined =>
  list.length ? list[n % list.length] : undefined;

/** The writes of one step; each answers whether it wrote (a refusal such as 409 writes nothing). */
type Step = { kind: (typeof KINDS)[number]; a: number; b: number; c: number };
const KINDS = [
  'client',
  'plan',
  'plan_update',
  'plan_delete',
  'barriers',
  'supports',
  'trainings',
  'outcome',
  'outcome_update',
  'outcome_delete',
  'follow_up',
  'spending',
  'spending_update',
  'spending_delete',
  'group_bulk',
  'client_move',
  'client_delete',
] as const;

const EMPLOYMENT = ['Unemployed', 'Employed', 'Self-employed', 'Not in the labour force', null];
const ok = (status: number) => status >= 200 && status < 300;

function outcomeBody(planId: number, s: Step) {
  const incomplete = s.c % 2 === 0;
  return {
    plan_id: planId,
    date: DAYS[s.b % DAYS.length],
    program_outcome: incomplete ? 'Incomplete' : 'Complete',
    incomplete_reason: incomplete ? 'Moved' : null,
    post_program_status: ['Employed', 'Returned to school', 'Self-employed'][s.c % 3],
    employment_type: s.c % 3 === 1 ? null : 'Casual',
    job_title: null,
    received_certificate: s.c % 5 === 0 ? 'Yes' : 'No',
  };
}

async function apply(s: Step): Promise<boolean> {
  const as = 'admin' as const;
  const plans = await ids(sql`SELECT plan_id AS id FROM plans ORDER BY plan_id`);
  const plan = nth(plans, s.a);
  switch (s.kind) {
    case 'client': {
      await createClient(t, as, { centre_id: centres[s.a % 2], last_name: `Rollup ${s.b}` });
      return true;
    }
    case 'plan': {
      // A client without an open plan (a second open plan is refused).
      const clients = await ids(sql`
        SELECT client_id AS id FROM clients c
         WHERE NOT EXISTS (SELECT 1 FROM plans p WHERE p.client_id = c.client_id AND p.status = 'Open')
         ORDER BY client_id`);
      const client = nth(clients, s.a);
      if (client === undefined) return false;
      const res = await t.call('POST', '/api/plans', {
        as,
        body: {
          client_id: client,
          barriers: s.c % 2 ? [{ barrier_id: barriers[s.c % barriers.length]!.id }] : [],
          ...planInfo({
            date: DAYS[s.b % DAYS.length],
            current_employment: EMPLOYMENT[s.c % EMPLOYMENT.length],
          }),
        },
      });
      return ok(res.status);
    }
    case 'plan_update': {
      if (plan === undefined) return false;
      const res = await t.call('PUT', `/api/plans/${plan}`, {
        as,
        body: planInfo({
          date: DAYS[s.b % DAYS.length],
          current_employment: EMPLOYMENT[s.c % EMPLOYMENT.length],
        }),
      });
      return ok(res.status);
    }
    case 'plan_delete': {
      if (plan === undefined) return false;
      return ok((await t.call('DELETE', `/api/plans/${plan}`, { as })).status);
    }
    case 'barriers': {
      if (plan === undefined) return false;
      const body = barriers.filter((_, i) => (s.b >> i) & 1).map((b) => ({ barrier_id: b.id }));
      return ok((await t.call('PUT', `/api/plans/${plan}/barriers`, { as, body })).status);
    }
    case 'supports': {
      if (plan === undefined) return false;
      const body = supports.filter((_, i) => (s.b >> i) & 1).map((x) => ({ support_id: x.id }));
      return ok((await t.call('PUT', `/api/plans/${plan}/supports`, { as, body })).status);
    }
    case 'trainings': {
      if (plan === undefined) return false;
      const body = trainings
        .filter((_, i) => (s.b >> i) & 1)
        .map((x, i) => ({
          training_id: x.id,
          date: DAYS[(s.c + i) % DAYS.length],
          noc: (s.c + i) % 3 ? `${1000 + ((s.c + i) % 3)}` : null,
        }));
      return ok((await t.call('PUT', `/api/plans/${plan}/trainings`, { as, body })).status);
    }
    case 'outcome': {
      const open = await ids(sql`SELECT plan_id AS id FROM plans WHERE status = 'Open' ORDER BY plan_id`);
      const target = nth(open, s.a);
      if (target === undefined) return false;
      return ok((await t.call('POST', '/api/outcomes', { as, body: outcomeBody(target, s) })).status);
    }
    case 'outcome_update': {
      const outcome = nth(await ids(sql`SELECT outcome_id AS id FROM outcomes ORDER BY outcome_id`), s.a);
      if (outcome === undefined) return false;
      const [row] = await selectRows<{ plan_id: number }>(
        t.db,
        sql`SELECT plan_id FROM outcomes WHERE outcome_id = ${outcome}`,
      );
      const res = await t.call('PUT', `/api/outcomes/${outcome}`, { as, body: outcomeBody(row!.plan_id, s) });
      return ok(res.status);
    }
    case 'outcome_delete': {
      const outcome = nth(await ids(sql`SELECT outcome_id AS id FROM outcomes ORDER BY outcome_id`), s.a);
      if (outcome === undefined) return false;
      return ok((await t.call('DELETE', `/api/outcomes/${outcome}`, { as })).status);
    }
    case 'follow_up': {
      const followUp = nth(
        await ids(sql`SELECT follow_up_id AS id FROM follow_ups ORDER BY follow_up_id`),
        s.a,
      );
      if (followUp === undefined) return false;
      const answers = [
        followUpBody({ contact_date: daysFromToday(0) }),
        followUpBody({
          contact_date: daysFromToday(-1),
          hours: 'Part time',
          post_program_status: 'Self-employed',
        }),
        followUpBody({ contact_date: daysFromToday(0), post_program_status: 'Returned to school' }),
        followUpBody({ contact_date: daysFromToday(0), reached: false }),
      ];
      const body = answers[s.b % answers.length];
      return ok((await t.call('PUT', `/api/follow-ups/${followUp}`, { as, body })).status);
    }
    case 'spending': {
      if (plan === undefined) return false;
      const body = { plan_id: plan, date: DAYS[s.b % DAYS.length], item: 'Boots', value: (s.c % 7) * 12.345 };
      return ok((await t.call('POST', '/api/spendings', { as, body })).status);
    }
    case 'spending_update': {
      const spending = nth(await ids(sql`SELECT spending_id AS id FROM spendings ORDER BY spending_id`), s.a);
      if (spending === undefined) return false;
      const [row] = await selectRows<{ plan_id: number }>(
        t.db,
        sql`SELECT plan_id FROM spendings WHERE spending_id = ${spending}`,
      );
      const body = { plan_id: row!.plan_id, date: DAYS[s.b % DAYS.length], item: 'Coat', value: s.c * 3.1 };
      return ok((await t.call('PUT', `/api/spendings/${spending}`, { as, body })).status);
    }
    case 'spending_delete': {
      const spending = nth(await ids(sql`SELECT spending_id AS id FROM spendings ORDER BY spending_id`), s.a);
      if (spending === undefined) return false;
      return ok((await t.call('DELETE', `/api/spendings/${spending}`, { as })).status);
    }
    case 'group_bulk': {
      // Every client of one centre with an open plan, supports or trainings added to all at once.
      const members = await ids(sql`
        SELECT c.client_id AS id FROM clients c JOIN plans p ON p.client_id = c.client_id AND p.status = 'Open'
         WHERE c.centre_id = ${centres[s.a % 2]} ORDER BY 1`);
      if (members.length === 0) return false;
      // A group is its creator's centre's: that centre's Coordinator makes it and acts on it.
      const coordinator = s.a % 2 ? 'coordinator2' : 'coordinator';
      const group = await createGroup(t, coordinator, members);
      const [kind, body] =
        s.b % 2
          ? ['support', [{ support_id: supports[s.c % supports.length]!.id }]]
          : [
              'training',
              [{ training_id: trainings[s.c % trainings.length]!.id, date: DAYS[s.c % DAYS.length] }],
            ];
      const res = await t.call('POST', `/api/groups/${group.group_id}/bulk-create/${kind}`, {
        as: coordinator,
        body,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return true;
    }
    case 'client_move': {
      const clients = await ids(sql`SELECT client_id AS id FROM clients ORDER BY client_id`);
      const client = nth(clients, s.a);
      if (client === undefined) return false;
      const got = await t.call('GET', `/api/clients/${client}`, { as });
      const to = got.json.centre_id === centres[0] ? centres[1] : centres[0];
      const res = await t.call('PUT', `/api/clients/${client}`, {
        as,
        body: whole(got.json, { centre_id: to }),
      });
      return ok(res.status);
    }
    case 'client_delete': {
      // The clients with plans, so that deleting one takes plans and their records with it.
      const clients = await ids(sql`SELECT DISTINCT client_id AS id FROM plans ORDER BY 1`);
      const client = nth(clients, s.a);
      if (client === undefined) return false;
      return ok((await t.call('DELETE', `/api/clients/${client}`, { as })).status);
    }
  }
}

/** Records are made more often than taken away, so that the sequences build something up. */
const WEIGHTED: Array<Step['kind']> = [
  ...KINDS,
  ...([
    'client',
    'plan',
    'plan',
    'supports',
    'trainings',
    'outcome',
    'follow_up',
    'spending',
    'group_bulk',
  ] as const),
];
const steps = fc.array(
  fc.record({
    kind: fc.constantFrom(...WEIGHTED),
    a: fc.nat(1000),
    b: fc.nat(1000),
    c: fc.nat(1000),
  }),
  { minLength: 10, maxLength: 30 },
);

/** Six clients, each with a plan and records of every kind under it. */
function populating(): Step[] {
  const script: Step[] = [];
  for (let i = 0; i < 6; i++) script.push({ kind: 'client', a: i, b: i, c: i });
  for (let i = 0; i < 6; i++) script.push({ kind: 'plan', a: 0, b: i * 5, c: i });
  for (let i = 0; i < 6; i++) {
    for (const kind of ['barriers', 'supports', 'trainings', 'spending'] as const)
      script.push({ kind, a: i, b: 7 + i, c: i + 1 });
  }
  return script;
}

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
