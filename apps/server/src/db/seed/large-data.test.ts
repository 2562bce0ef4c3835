import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createRng } from './fake-data.ts';
import { SPENDING_ITEMS } from './fake-plan-records.ts';
import { ensureLargeCentres } from './large-centres.ts';
import { buildClientBatch, insertClientBatch } from './large-clients.ts';
import { insertOutcomesFor, insertPlansFor } from './large-records.ts';
import { insertFollowUpsFor } from './large-follow-ups.ts';
import { insertPlanRecordsFor, type LargePlanRecordCounts } from './large-plan-records.ts';

let t: TestApp;
let range: { first: number; last: number };
let made: LargePlanRecordCounts;
let followUps: number;
beforeAll(async () => {
  t = await createTestApp();
  const rng = createRng(3);
  const centres = await ensureLargeCentres(t.db, rng);
  const rows = buildClientBatch(rng, centres, t.clientCrypto, new Date(), 400);
  await t.db.transaction(async (tx) => {
    range = await insertClientBatch(tx, rows);
    await insertPlansFor(tx, range.first, range.last);
    await insertOutcomesFor(tx, range.first, range.last);
    made = await insertPlanRecordsFor(tx, range.first, range.last);
    followUps = await insertFollowUpsFor(tx, range.first, range.last);
  });
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Each seeded plan with the day its work ended: its outcome, else today. */
const seededPlans = () => sql`
  SELECT p.plan_id, p.date AS since, coalesce(o.date, current_date) AS until
    FROM plans p LEFT JOIN outcomes o USING (plan_id)
   WHERE p.client_id BETWEEN ${range.first} AND ${range.last}`;

describe('large seed follow-ups', () => {
  it('schedules three per outcome and records only those due, some reached and employed', async () => {
    type Counts = {
      outcomes: number;
      n: number;
      early: number;
      future: number;
      reached: number;
      hours: number;
    };
    const [r] = await rows<Counts>(sql`
      SELECT (SELECT count(*)::int FROM outcomes o JOIN plans p USING (plan_id)
               WHERE p.client_id BETWEEN ${range.first} AND ${range.last}) AS outcomes,
             count(*)::int AS n,
             (count(*) FILTER (WHERE f.contact_date IS NOT NULL AND f.due_date > current_date))::int AS early,
             (count(*) FILTER (WHERE f.contact_date > current_date))::int AS future,
             (count(*) FILTER (WHERE f.reached))::int AS reached,
             (count(*) FILTER (WHERE f.hours IS NOT NULL))::int AS hours
        FROM follow_ups f JOIN plans p USING (plan_id)
       WHERE p.client_id BETWEEN ${range.first} AND ${range.last}`);
    expect(r!.n).toBe(3 * r!.outcomes);
    expect(followUps).toBe(r!.n);
    expect([r!.early, r!.future]).toEqual([0, 0]);
    expect(r!.reached).toBeGreaterThan(0);
    expect(r!.hours).toBeGreaterThan(0);
  });
});

describe('large seed plan records', () => {
  it('gives each plan 1-3 barriers, 0-4 supports, 0-2 trainings, 0-5 spending lines, 0-6 notes', async () => {
    const [r] = await rows<Record<string, number>>(sql`
      WITH sp AS (${seededPlans()}), per AS (
        SELECT sp.plan_id,
               (SELECT count(*) FROM plan_barriers x WHERE x.plan_id = sp.plan_id) AS b,
               (SELECT count(*) FROM plan_supports x WHERE x.plan_id = sp.plan_id) AS s,
               (SELECT count(*) FROM plan_trainings x WHERE x.plan_id = sp.plan_id) AS t,
               (SELECT count(*) FROM spendings x WHERE x.plan_id = sp.plan_id) AS m,
               (SELECT count(*) FROM notes x WHERE x.plan_id = sp.plan_id) AS n
          FROM sp)
      SELECT count(*)::int AS plans,
             min(b)::int AS b_min, max(b)::int AS b_max, sum(b)::int AS b_sum,
             min(s)::int AS s_min, max(s)::int AS s_max, sum(s)::int AS s_sum,
             min(t)::int AS t_min, max(t)::int AS t_max, sum(t)::int AS t_sum,
             min(m)::int AS m_min, max(m)::int AS m_max, sum(m)::int AS m_sum,
             min(n)::int AS n_min, max(n)::int AS n_max, sum(n)::int AS n_sum
        FROM per`);
    expect(r!.plans).toBeGreaterThan(400);
    expect([r!.b_min, r!.b_max]).toEqual([1, 3]);
    expect([r!.s_min, r!.s_max]).toEqual([0, 4]);
    expect([r!.t_min, r!.t_max]).toEqual([0, 2]);
    expect([r!.m_min, r!.m_max]).toEqual([0, 5]);
    expect([r!.n_min, r!.n_max]).toEqual([0, 6]);
    expect(made).toEqual({
      barriers: r!.b_sum,
      supports: r!.s_sum,
      trainings: r!.t_sum,
      spendings: r!.m_sum,
      notes: r!.n_sum,
    });
  });

  it('dates every training, spending line and note within its plan, never in the future', async () => {
    const outside = await rows<{ kind: string; date: string; since: string; until: string }>(sql`
      WITH sp AS (${seededPlans()}), dated AS (
        SELECT 'training' AS kind, plan_id, date FROM plan_trainings
        UNION ALL SELECT 'spending', plan_id, date FROM spendings
        UNION ALL SELECT 'note', plan_id, date FROM notes)
      SELECT d.kind, d.date::text, sp.since::text, sp.until::text
        FROM dated d JOIN sp USING (plan_id)
       WHERE d.date < sp.since OR d.date > sp.until OR d.date > current_date`);
    expect(outside).toEqual([]);
    const [intake] = await rows<{ off: number; all: number }>(sql`
      SELECT count(*) FILTER (WHERE n.date <> p.date)::int AS off, count(*)::int AS all
        FROM notes n JOIN plans p USING (plan_id) WHERE n.topic = 'Intake meeting'`);
    expect(intake!.all).toBeGreaterThan(0);
    expect(intake!.off).toBe(0);
  });

  it("uses active items once each, numbered in order, with a name for 'Other' only", async () => {
    const [r] = await rows<Record<string, number>>(sql`
      WITH links AS (
        SELECT plan_id, 'b' || barrier_id AS item, lower(coalesce(other_name, '')) AS named, position,
               i.is_other AS other, other_name, i.disabled
          FROM plan_barriers JOIN barriers i USING (barrier_id)
        UNION ALL
        SELECT plan_id, 's' || support_id, lower(coalesce(other_name, '')), position,
               i.is_other, other_name, i.disabled
          FROM plan_supports JOIN supports i USING (support_id)
      )
      SELECT (SELECT count(*)::int FROM (SELECT 1 FROM links GROUP BY plan_id, item, named HAVING count(*) > 1) d) AS dupes,
             (SELECT count(*)::int FROM (
                SELECT plan_id, left(item, 1) FROM links GROUP BY 1, 2
                HAVING min(position) <> 0 OR max(position) <> count(*) - 1 OR count(DISTINCT position) <> count(*)) g) AS gaps,
             count(*) FILTER (WHERE other <> (other_name IS NOT NULL))::int AS misnamed,
             count(*) FILTER (WHERE other)::int AS others,
             count(*) FILTER (WHERE disabled)::int AS disabled
        FROM links`);
    expect(r).toEqual({ dupes: 0, gaps: 0, misnamed: 0, others: expect.any(Number), disabled: 0 });
    expect(r!.others).toBeGreaterThan(0);
  });

  it('records NOC codes of four digits, and prices with cents in each item’s range', async () => {
    const [r] = await rows<Record<string, number>>(sql`
      SELECT (SELECT count(*)::int FROM plan_trainings WHERE noc !~ '^[0-9]{4}$') AS bad_noc,
             (SELECT count(*)::int FROM plan_trainings WHERE noc IS NOT NULL) AS with_noc,
             (SELECT count(*)::int FROM plan_trainings pt JOIN trainings i USING (training_id)
               WHERE i.is_other <> (pt.other_name IS NOT NULL)) AS misnamed,
             (SELECT count(*)::int FROM spendings WHERE (value * 100) % 100 NOT IN (0, 49, 95, 99)) AS odd_cents,
             (SELECT count(*)::int FROM spendings WHERE work_gear) AS work_gear,
             (SELECT count(*)::int FROM notes WHERE flag) AS flagged`);
    expect(r).toMatchObject({ bad_noc: 0, misnamed: 0, odd_cents: 0 });
    for (const k of ['with_noc', 'work_gear', 'flagged']) expect(r![k], k).toBeGreaterThan(0);
    const lines = await rows<{ item: string; low: string; high: string }>(sql`
      SELECT item, min(value)::text AS low, max(value)::text AS high FROM spendings GROUP BY item`);
    for (const line of lines) {
      const item = SPENDING_ITEMS.find((s) => s.item === line.item);
      expect(item, line.item).toBeDefined();
      expect(Number(line.low)).toBeGreaterThanOrEqual(item!.low);
      expect(Number(line.high)).toBeLessThan(item!.high);
    }
  });

  it('is what the plan screens show and would save back unchanged', async () => {
    const [plan] = await rows<{ plan_id: number }>(sql`
      SELECT p.plan_id FROM plans p JOIN clients c USING (client_id)
       WHERE c.client_id BETWEEN ${range.first} AND ${range.last} AND c.centre_id = ${t.demo.coordinator.centreId}
         AND EXISTS (SELECT 1 FROM plan_trainings x WHERE x.plan_id = p.plan_id)
         AND EXISTS (SELECT 1 FROM spendings x WHERE x.plan_id = p.plan_id)
       ORDER BY (SELECT count(*) FROM plan_barriers x WHERE x.plan_id = p.plan_id) DESC, p.plan_id
       LIMIT 1`);
    const id = plan!.plan_id;
    for (const kind of ['barriers', 'supports', 'trainings']) {
      const before = await t.call('GET', `/api/plans/${id}/${kind}`, { as: 'coordinator' });
      expect(before.status).toBe(200);
      const saved = await t.call('PUT', `/api/plans/${id}/${kind}`, { as: 'coordinator', body: before.json });
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      expect(saved.json).toEqual(before.json);
    }
    const spending = await t.call('GET', `/api/plans/${id}/spendings`, { as: 'coordinator' });
    expect(spending.status).toBe(200);
    const stored = await rows<{ value: string }>(
      sql`SELECT value::text FROM spendings WHERE plan_id = ${id} ORDER BY date DESC, spending_id DESC`,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect((spending.json as Array<{ value: number }>).map((l) => l.value.toFixed(2))).toEqual(
      stored.map((l) => l.value),
    );
  });

  it('makes the same records again for the same plans', async () => {
    const digest = async () =>
      (
        await rows<{ d: string }>(sql`
          WITH sp AS (${seededPlans()})
          SELECT md5(concat_ws('|',
            (SELECT string_agg(concat_ws(',', plan_id, barrier_id, other_name, position), ';' ORDER BY plan_id, position)
               FROM plan_barriers WHERE plan_id IN (SELECT plan_id FROM sp)),
            (SELECT string_agg(concat_ws(',', plan_id, support_id, other_name, position), ';' ORDER BY plan_id, position)
               FROM plan_supports WHERE plan_id IN (SELECT plan_id FROM sp)),
            (SELECT string_agg(concat_ws(',', plan_id, training_id, date, noc, other_name), ';'
                               ORDER BY plan_id, date, training_id)
               FROM plan_trainings WHERE plan_id IN (SELECT plan_id FROM sp)),
            (SELECT string_agg(concat_ws(',', plan_id, date, item, value, work_gear), ';' ORDER BY plan_id, date, item)
               FROM spendings WHERE plan_id IN (SELECT plan_id FROM sp)),
            (SELECT string_agg(concat_ws(',', plan_id, date, topic, flag), ';' ORDER BY plan_id, date, topic)
               FROM notes WHERE plan_id IN (SELECT plan_id FROM sp)))) AS d`)
      )[0]!.d;
    const before = await digest();
    await t.db.transaction(async (tx) => {
      for (const table of ['plan_barriers', 'plan_supports', 'plan_trainings', 'spendings', 'notes']) {
        await tx.execute(sql`DELETE FROM ${sql.raw(table)} WHERE plan_id IN
          (SELECT plan_id FROM plans WHERE client_id BETWEEN ${range.first} AND ${range.last})`);
      }
      await insertPlanRecordsFor(tx, range.first, range.last);
    });
    expect(await digest()).toBe(before);
  });
});
