import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { createClient, daysFromToday, whole } from '../helpers/clients.ts';
import { followUpBody } from '../helpers/follow-ups.ts';
import { createGroup } from '../helpers/groups.ts';
import { planInfo, type CatalogueItem } from '../helpers/plans.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * The writes the rollup tests make (reporting-rollups-plans.test.ts): steps of every kind through
 * the API, each picking its records by number among those there, so that a scripted or random
 * list of steps builds up and changes plans, outcomes, follow-ups, supports, trainings and
 * spendings in both centres.
 */

/** The app the steps write through, and the catalogue items and centres they pick from. */
export type RollupWrites = {
  t: TestApp;
  barriers: CatalogueItem[];
  supports: CatalogueItem[];
  trainings: CatalogueItem[];
  centres: number[];
};

/** The dates the steps write: fiscal-year edges, month edges and a day in the middle of a month. */
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

/** The ids a query answers (as `id`), in its order. */
export const selectIds = async (t: TestApp, query: SQL): Promise<number[]> =>
  (await selectRows<{ id: number }>(t.db, query)).map((row) => Number(row.id));

/** The `n`th of `list` (wrapping), or undefined for an empty list. */
const nth = <T>(list: readonly T[], n: number): T | undefined =>
  list.length ? list[n % list.length] : undefined;

/** The writes of one step; each answers whether it wrote (a refusal such as 409 writes nothing). */
export type Step = { kind: (typeof KINDS)[number]; a: number; b: number; c: number };

/** Every kind of step, in no particular order. */
export const KINDS = [
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

/** Makes the writes of step `s` through `w`'s app; answers whether it wrote. */
export async function applyStep(w: RollupWrites, s: Step): Promise<boolean> {
  const { t, barriers, supports, trainings, centres } = w;
  const ids = (query: SQL) => selectIds(t, query);
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

/** Random lists of 10 to 30 steps, of the kinds weighted as above. */
export const steps = fc.array(
  fc.record({
    kind: fc.constantFrom(...WEIGHTED),
    a: fc.nat(1000),
    b: fc.nat(1000),
    c: fc.nat(1000),
  }),
  { minLength: 10, maxLength: 30 },
);

/** Six clients, each with a plan and records of every kind under it. */
export function populating(): Step[] {
  const script: Step[] = [];
  for (let i = 0; i < 6; i++) script.push({ kind: 'client', a: i, b: i, c: i });
  for (let i = 0; i < 6; i++) script.push({ kind: 'plan', a: 0, b: i * 5, c: i });
  for (let i = 0; i < 6; i++) {
    for (const kind of ['barriers', 'supports', 'trainings', 'spending'] as const)
      script.push({ kind, a: i, b: 7 + i, c: i + 1 });
  }
  return script;
}
