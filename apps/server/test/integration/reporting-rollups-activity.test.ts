import type { Client } from '@cairn/shared/clients.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, whole } from '../helpers/clients.ts';
import { createPlan, outcomeBody } from '../helpers/plans.ts';
import { postCreated } from '../helpers/requests.ts';
import { waitForBlockedWriter } from '../helpers/pg-locks.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';
import type { ReferencedDashboard } from '../support/reporting-reference.ts';
import {
  allTime as rollupAllTime,
  expectExact as expectRollupsExact,
  threeCentres,
} from '../helpers/activity-rollups.ts';

/**
 * The clients, client interactions and stories dashboards read report tables kept by triggers
 * (migrations 0018 and 0021). After writes of every kind, through the API and in bulk with plain
 * SQL, each answer must equal the one computed straight from the records
 * (test/support/reporting-reference.ts), for several ranges and every scope; random sequences of
 * writes are in reporting-rollups-random.test.ts.
 */
let t: TestApp;
let centreA: number;
let centreB: number;
let centreC: number;
beforeAll(async () => {
  t = await createTestApp();
  [centreA, centreB, centreC] = await threeCentres(t);
}, 60_000);
afterAll(() => t.close());

const migration = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../src/db/migrations', name), 'utf8');

const run = (query: SQL) => t.db.execute(query);
const expectExact = (step: string) => expectRollupsExact(t, [centreA, centreB, centreC], step);
const allTime = (dashboard: ReferencedDashboard, figure: string) => rollupAllTime(t, dashboard, figure);

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
    // Nothing waits yet: the wait below sees the second writer, not some other lock.
    await expect(waitForBlockedWriter(t.db, 200)).rejects.toThrow(/did not block/);
    // The second writer recomputes the same client's days while the first has not committed.
    // (A drizzle query runs when awaited: `then` starts it now.)
    const second = t.db.execute(record('2025-05-06')).then(() => undefined);
    // It must be seen waiting on the first writer's lock, or the test proves nothing.
    await waitForBlockedWriter(t.db);
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

  /** The backfill of a migration's rollups, run again on emptied tables: the dashboards stay exact. */
  async function backfillAgain(file: string, tables: readonly string[], step: string) {
    const text = migration(file);
    const backfill = text
      .slice(text.indexOf('-- The backfill, from the report tables as they stand.'))
      .split('--> statement-breakpoint')
      .filter((part) => /\bINSERT\b/.test(part));
    expect(backfill).toHaveLength(tables.length);
    for (const table of tables) await run(sql.raw(`DELETE FROM ${table}`));
    expect(await allTime('client_interactions', 'interactions')).toBeGreaterThan(0);
    expect(await allTime('stories', 'stories')).toBeGreaterThan(0);
    for (const part of backfill) await run(sql.raw(part));
    await expectExact(step);
  }

  it('have their months and fiscal years filled by migration 0021 from the day tables', async () => {
    await backfillAgain(
      '0021_report-interaction-rollups.sql',
      ['report_interaction_months', 'report_reached_years'],
      'months and years filled again by migration 0021',
    );
  }, 60_000);

  it('have their stories per month and fiscal year filled by migration 0044 from the story days', async () => {
    await backfillAgain(
      '0044_report-story-rollups.sql',
      ['report_story_months', 'report_story_years'],
      'story months and years filled again by migration 0044',
    );
  }, 60_000);
});

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
