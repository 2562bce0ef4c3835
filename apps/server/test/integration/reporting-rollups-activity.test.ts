import type { Client } from '@cairn/shared/clients.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import { ALL_CENTRES } from '@cairn/shared/reporting.schemas';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DASHBOARD_SQL } from '../../src/modules/reporting/reporting-dashboards.repository.ts';
import { dashboardRows, type DashboardRange } from '../../src/modules/reporting/reporting-rows.repository.ts';
import { grantScope } from '../../src/modules/reporting/reporting.service.ts';
import { createClient, whole } from '../helpers/clients.ts';
import { createPlan, outcomeBody } from '../helpers/plans.ts';
import { postCreated } from '../helpers/requests.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';
import { REFERENCE_SQL, type ReferencedDashboard } from '../support/reporting-reference.ts';

/**
 * The clients, client interactions and stories dashboards read report tables kept by triggers
 * (migration 0018). After writes of every kind, through the API and in bulk with plain SQL, each
 * answer must equal the one computed straight from the records (test/support/reporting-reference.ts),
 * for several ranges and every scope.
 */
let t: TestApp;
let centreA: number;
let centreB: number;
let centreC: number;
beforeAll(async () => {
  t = await createTestApp();
  centreA = t.demo.coordinator.centreId!;
  centreB = t.demo.coordinator2.centreId!;
  const [other] = await rows<{ id: number }>(
    sql`SELECT min(centre_id) AS id FROM centres WHERE centre_id NOT IN (${centreA}, ${centreB})`,
  );
  centreC = Number(other!.id ?? centreA);
}, 60_000);
afterAll(() => t.close());

const migration = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../src/db/migrations', name), 'utf8');

const rows = <T>(query: SQL) => selectRows<T>(t.db, query);
const run = (query: SQL) => t.db.execute(query);

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

/** Every dashboard, range and scope (all centres, each centre, and a centre with no one). */
async function expectExact(step: string): Promise<void> {
  for (const dashboard of DASHBOARDS) {
    for (const { start, end } of RANGES) {
      for (const centre of [ALL_CENTRES, centreA, centreB, centreC, 987_654]) {
        const range: DashboardRange = { start, end, scope: grantScope(centre) };
        const actual = await dashboardRows(t.db, DASHBOARD_SQL[dashboard](range));
        const expected = await dashboardRows(t.db, REFERENCE_SQL[dashboard](range));
        expect(actual, `${step}: ${dashboard} ${start}..${end} centre ${centre}`).toEqual(expected);
      }
    }
  }
}

/** A figure of a dashboard over all time and centres, to see that there is something to compare. */
async function allTime(dashboard: ReferencedDashboard, figure: string): Promise<number> {
  const range: DashboardRange = { start: '1900-01-01', end: '2100-12-31', scope: grantScope(ALL_CENTRES) };
  const found = (await dashboardRows(t.db, REFERENCE_SQL[dashboard](range))).find((r) => r.name === figure);
  return Number(found?.value ?? 0);
}

async function client(as: DemoUserKey, patch: Record<string, unknown>, createdAt?: string): Promise<Client> {
  const made = await createClient(t, as, patch);
  if (createdAt) {
    await run(sql`UPDATE clients SET created_at = ${`${createdAt}T12:00:00Z`}::timestamptz
                   WHERE client_id = ${made.client_id}`);
  }
  return made;
}

const ok = (res: { status: number; json: unknown }, status = 200) =>
  expect(res.status, JSON.stringify(res.json)).toBe(status);

async function outcome(planId: number, date: string): Promise<number> {
  const made = await postCreated<{ outcome_id: number }>(
    t,
    'admin',
    '/api/outcomes',
    outcomeBody(planId, { date }),
  );
  return made.outcome_id;
}

async function interactions(clientId: number, records: Array<[number, string, number]>) {
  const body = records.map(([interaction_id, date, count]) => ({ interaction_id, date, count }));
  ok(await t.call('PUT', `/api/clients/${clientId}/interactions`, { as: 'admin', body }));
}

async function story(clientId: number, date: string): Promise<number> {
  const made = await postCreated<{ story_id: number }>(t, 'admin', '/api/stories', {
    client_id: clientId,
    date,
    writeup: `A story of ${date}`,
  });
  return made.story_id;
}

describe('report tables of the clients, interactions and stories dashboards', () => {
  it('stay exact through writes of every kind, through the API and in bulk', async () => {
    await expectExact('empty');

    // Clients of three centres, with intake days on the fiscal year's edges.
    const a1 = await client('coordinator', { gender: 'Female', date_of_birth: '1990-06-15' }, '2025-04-01');
    const a2 = await client(
      'coordinator',
      { gender: 'Male', indigenous: 'Yes', status_type: 'Métis', reserve: 'Off reserve', province: 'MB' },
      '2025-03-31',
    );
    const a3 = await client('coordinator', { date_of_birth: '2010-01-01', disability: 'Yes' }, '2023-02-01');
    const b1 = await client('coordinator2', { gender: 'Female', province: 'ON' }, '2024-06-01');
    const b2 = await client('coordinator2', { citizenship: 'Permanent resident' });
    const c1 = await client(
      'admin',
      { centre_id: centreC, indigenous: 'Yes', status_type: 'Inuit' },
      '2025-09-30',
    );
    await expectExact('clients created');

    // Plans: opened before, on and after the edges; closed, reopened, moved, deleted.
    const plan = (c: Client, date: string): Promise<Plan> => createPlan(t, 'admin', c.client_id, { date });
    const pA1 = await plan(a1, '2025-04-01');
    const pA3 = await plan(a3, '2023-05-01');
    await outcome(pA3.plan_id, '2025-03-31');
    const pA3b = await plan(a3, '2025-06-01');
    const pB1 = await plan(b1, '2024-06-02');
    const oB1 = await outcome(pB1.plan_id, '2025-04-01');
    const pC1 = await plan(c1, '2025-10-01');
    await expectExact('plans and outcomes');

    ok(
      await t.call('PUT', `/api/plans/${pA1.plan_id}`, {
        as: 'admin',
        body: { ...planInfoOf(pA1), date: '2025-03-31' },
      }),
    );
    ok(
      await t.call('PUT', `/api/outcomes/${oB1}`, {
        as: 'admin',
        body: outcomeBody(pB1.plan_id, { date: '2025-03-31' }),
      }),
    );
    const oA3b = await outcome(pA3b.plan_id, '2025-08-15');
    ok(await t.call('DELETE', `/api/outcomes/${oA3b}`, { as: 'admin' }), 204);
    await expectExact('plans and outcomes changed');

    // Interactions through the API (one statement a list), and stories.
    await interactions(a1.client_id, [
      [1, '2025-04-01', 2],
      [2, '2025-04-01', 1],
      [1, '2025-05-10', 3],
    ]);
    await interactions(a2.client_id, [
      [3, '2025-03-31', 1],
      [1, '2025-04-01', 4],
    ]);
    await interactions(b1.client_id, [
      [2, '2024-12-01', 5],
      [2, '2025-06-30', 1],
    ]);
    await interactions(c1.client_id, [[7, '2025-10-02', 2]]);
    await interactions(a1.client_id, [[1, '2025-04-01', 1]]);
    const sA1 = await story(a1.client_id, '2025-04-01');
    await story(a1.client_id, '2025-04-01');
    await story(a1.client_id, '2025-12-01');
    const sB1 = await story(b1.client_id, '2025-03-31');
    await story(c1.client_id, '2025-11-11');
    await expectExact('interactions and stories');
    expect(await allTime('client_interactions', 'interactions')).toBe(20);
    expect(await allTime('stories', 'clients_with_stories')).toBe(3);

    ok(
      await t.call('PUT', `/api/stories/${sA1}`, {
        as: 'admin',
        body: { client_id: a1.client_id, date: '2025-03-31', writeup: 'Moved back a day' },
      }),
    );
    ok(await t.call('DELETE', `/api/stories/${sB1}`, { as: 'admin' }), 204);
    await expectExact('stories changed');

    // A client's answers change, and a client moves to another centre with everything it has.
    ok(
      await t.call('PUT', `/api/clients/${a2.client_id}`, {
        as: 'admin',
        body: whole(a2, { gender: 'Female' }),
      }),
    );
    ok(
      await t.call('PUT', `/api/clients/${a1.client_id}`, {
        as: 'admin',
        body: whole(a1, { centre_id: centreB }),
      }),
    );
    await expectExact('client changed and moved');

    // A plan deleted with its outcome; a client deleted with its plans, interactions and stories.
    ok(await t.call('DELETE', `/api/plans/${pC1.plan_id}`, { as: 'admin' }), 204);
    ok(await t.call('DELETE', `/api/clients/${b1.client_id}`, { as: 'admin' }));
    await expectExact('plan and client deleted');

    // Bulk writes in plain SQL, several clients and rows a statement.
    await run(sql`INSERT INTO client_interactions (client_id, interaction_id, date, count)
                  SELECT c.client_id, 1 + (c.client_id + g) % 7, DATE '2025-03-25' + g * 3, 1 + g % 4
                    FROM clients c CROSS JOIN generate_series(0, 9) g`);
    await run(sql`INSERT INTO stories (client_id, date, writeup)
                  SELECT client_id, DATE '2025-03-30' + (client_id % 5), 'In bulk' FROM clients`);
    await expectExact('bulk inserts');
    await run(sql`UPDATE client_interactions SET date = date + 7, count = count + 1 WHERE id % 3 = 0`);
    await run(sql`DELETE FROM client_interactions WHERE id % 4 = 1`);
    await run(sql`UPDATE stories SET date = date - 2 WHERE story_id % 2 = 0`);
    await run(sql`UPDATE clients SET created_at = created_at - interval '1 day' WHERE client_id % 2 = 1`);
    await run(
      sql`UPDATE clients SET centre_id = ${centreC} WHERE client_id IN (${a2.client_id}, ${b2.client_id})`,
    );
    await run(sql`UPDATE plans SET date = date - 30 WHERE client_id = ${a3.client_id}`);
    await expectExact('bulk updates and deletes');
    await run(sql`DELETE FROM clients WHERE client_id IN (${a3.client_id}, ${c1.client_id})`);
    await expectExact('clients deleted in bulk');
    expect(await allTime('clients', 'new_clients')).toBeGreaterThan(0);
  }, 120_000);

  it("let two transactions write one client's records at once (PostgreSQL)", async (ctx) => {
    // PGlite serves one connection: nothing runs at once there.
    if (t.dbKind !== 'postgres') ctx.skip();
    const c = await client('admin', { centre_id: centreA, first_name: 'Concurrent' });
    const record = (day: string) =>
      sql`INSERT INTO client_interactions (client_id, interaction_id, date, count)
          VALUES (${c.client_id}, 1, ${day}::date, 1)`;
    let inserted!: () => void;
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (inserted = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = t.db.transaction(async (tx) => {
      await tx.execute(record('2025-05-05'));
      inserted();
      await held;
    });
    await ready;
    // The second writer recomputes the same client's days while the first has not committed.
    // (A drizzle query runs when awaited: `then` starts it now.)
    const second = t.db.execute(record('2025-05-06')).then(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await first;
    await second;
    await expectExact('two writers of one client');
  }, 60_000);

  it('are filled by the migration from the records already there', async () => {
    // The statements migration 0018 fills its tables with, run again over emptied tables.
    const text = migration('0018_report-rollups-activity.sql');
    const backfill = text
      .slice(text.indexOf('-- Backfill from the records already there'), text.indexOf('CREATE INDEX'))
      .split('--> statement-breakpoint')
      .filter((part) => /\b(INSERT|SELECT)\b/.test(part));
    expect(backfill).toHaveLength(5);
    await run(
      sql`TRUNCATE report_day_counts, report_client_spans, report_interaction_days, report_story_days`,
    );
    expect(await allTime('client_interactions', 'interactions')).toBeGreaterThan(0);
    for (const part of backfill) await run(sql.raw(part));
    await expectExact('filled again by the migration');
  }, 60_000);

  it('have their months and fiscal years filled by migration 0021 from the day tables', async () => {
    const text = migration('0021_report-interaction-rollups.sql');
    const backfill = text
      .slice(text.indexOf('-- The backfill, from the report tables as they stand.'))
      .split('--> statement-breakpoint')
      .filter((part) => /\bINSERT\b/.test(part));
    expect(backfill).toHaveLength(2);
    await run(sql`DELETE FROM report_interaction_months`);
    await run(sql`DELETE FROM report_reached_years`);
    expect(await allTime('client_interactions', 'interactions')).toBeGreaterThan(0);
    for (const part of backfill) await run(sql.raw(part));
    await expectExact('months and years filled again by migration 0021');
  }, 60_000);

  it('stay exact through random sequences of writes', async () => {
    const op = fc.record({
      kind: fc.constantFrom(
        'interactions',
        'interaction_update',
        'interaction_delete',
        'story',
        'story_update',
        'story_delete',
        'move',
        'answers',
        'intake',
        'plan',
        'outcome',
        'outcome_update',
        'outcome_delete',
        'plan_delete',
        'client',
        'client_delete',
      ),
      pick: fc.nat(1000),
      day: fc.integer({ min: 0, max: 800 }),
      size: fc.integer({ min: 1, max: 5 }),
    });
    const day = (n: number) => sql`DATE '2024-03-01' + ${n}::int`;
    const centres = () => [centreA, centreB, centreC];
    let made = 0;
    const apply = async (o: Op) => {
      const ids = (await rows<{ id: number }>(sql`SELECT client_id AS id FROM clients ORDER BY 1`)).map((r) =>
        Number(r.id),
      );
      if (ids.length === 0 || o.kind === 'client') {
        made += 1;
        const c = centres()[o.pick % 3]!;
        await client('admin', {
          centre_id: c,
          first_name: `Random${made}`,
          gender: o.pick % 2 ? 'Male' : 'Female',
        });
        return;
      }
      const id = ids[o.pick % ids.length]!;
      const at = day(o.day);
      switch (o.kind) {
        case 'interactions':
          return run(sql`INSERT INTO client_interactions (client_id, interaction_id, date, count)
                         SELECT ${id}, 1 + g % 7, ${at} + g, 1 + g FROM generate_series(0, ${o.size - 1}) g`);
        case 'interaction_update':
          return run(sql`UPDATE client_interactions SET date = ${at}, count = ${o.size}
                          WHERE id IN (SELECT id FROM client_interactions ORDER BY id OFFSET ${o.pick % 7} LIMIT ${o.size})`);
        case 'interaction_delete':
          return run(sql`DELETE FROM client_interactions WHERE client_id = ${id} AND id % ${o.size + 1} = 0`);
        case 'story':
          return run(sql`INSERT INTO stories (client_id, date, writeup)
                         SELECT ${id}, ${at} + g * 20, 'Random' FROM generate_series(1, ${o.size}) g`);
        case 'story_update':
          return run(
            sql`UPDATE stories SET date = ${at} WHERE story_id % ${o.size + 1} = ${o.pick % (o.size + 1)}`,
          );
        case 'story_delete':
          return run(sql`DELETE FROM stories WHERE client_id = ${id}`);
        case 'move':
          return run(
            sql`UPDATE clients SET centre_id = ${centres()[o.pick % 3]!} WHERE client_id % ${o.size + 1} = ${id % (o.size + 1)}`,
          );
        case 'answers':
          return run(sql`UPDATE clients SET gender = ${o.pick % 2 ? 'Male' : null}, date_of_birth = ${at} - 9000,
                                            indigenous = ${o.size % 2 ? 'Yes' : 'No'}, province = ${o.size % 2 ? 'QC' : null}
                          WHERE client_id = ${id}`);
        case 'intake':
          return run(
            sql`UPDATE clients SET created_at = (${at})::timestamptz + interval '13 hours' WHERE client_id = ${id}`,
          );
        case 'plan':
          // A client's one open plan is closed first, as the API would demand.
          await run(sql`INSERT INTO outcomes (plan_id, date, program_outcome, post_program_status, received_certificate)
                        SELECT plan_id, greatest(date, ${at}), 'Complete', 'Employed', 'No'
                          FROM plans WHERE client_id = ${id} AND status = 'Open'`);
          return run(sql`INSERT INTO plans (client_id, date) VALUES (${id}, ${at})`);
        case 'outcome':
          return run(sql`INSERT INTO outcomes (plan_id, date, program_outcome, post_program_status, received_certificate)
                         SELECT plan_id, ${at}, 'Incomplete', 'Unemployed but available for work', 'Yes'
                           FROM plans WHERE status = 'Open' AND plan_id % ${o.size} = 0`);
        case 'outcome_update':
          return run(
            sql`UPDATE outcomes SET date = ${at} WHERE outcome_id % ${o.size + 1} = ${o.pick % (o.size + 1)}`,
          );
        case 'outcome_delete':
          // Reopening fails when the client has another open plan: only lone closed plans reopen.
          return run(sql`DELETE FROM outcomes o USING plans p
                          WHERE p.plan_id = o.plan_id AND p.client_id = ${id}
                            AND NOT EXISTS (SELECT 1 FROM plans q WHERE q.client_id = p.client_id AND q.status = 'Open')
                            AND o.plan_id = (SELECT max(plan_id) FROM plans WHERE client_id = ${id})`);
        case 'plan_delete':
          return run(
            sql`DELETE FROM plans WHERE plan_id = (SELECT min(plan_id) FROM plans WHERE client_id = ${id})`,
          );
        case 'client_delete':
          return run(sql`DELETE FROM clients WHERE client_id = ${id}`);
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const o of ops) await apply(o);
        await expectExact(`after ${ops.map((o) => o.kind).join(', ')}`);
      }),
      { numRuns: 6, seed: 12, endOnFailure: true },
    );
  }, 120_000);
});

interface Op {
  kind: string;
  pick: number;
  day: number;
  size: number;
}

/** The PUT body of a plan's own answers. */
function planInfoOf(p: Plan) {
  return {
    date: p.date,
    current_employment: p.current_employment,
    employment_type: p.employment_type,
    apprentice: p.apprentice,
    accessing_supports: p.accessing_supports,
    relocate: p.relocate,
    transportation: p.transportation,
  };
}
