import { todayIso } from '@cairn/shared/dates';
import { spendingTotals } from '@cairn/shared/fiscal-year';
import type { Spending } from '@cairn/shared/spendings.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendings } from '../../src/db/schema/plan-records.ts';
import { expectForbidden, expectNotFound, expectSignInRequired } from '../helpers/access.ts';
import { daysFromToday } from '../helpers/clients.ts';
import { freshPlan, plansInTwoCentres } from '../helpers/plans.ts';
import { postCreated } from '../helpers/requests.ts';
import { countRows } from '../helpers/rows.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let ownPlan: number;
let otherPlan: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ ownPlan, otherPlan } = await plansInTwoCentres(t, {
    own: { first_name: 'Harpreet', last_name: 'Sandhu' },
    other: { first_name: 'Arjun', last_name: 'Patel' },
  }));
});
afterAll(() => t.close());

function line(planId: number, patch: Record<string, unknown> = {}) {
  return {
    spending_id: -1,
    plan_id: planId,
    date: daysFromToday(-2),
    item: 'Work boots',
    value: 189.99,
    work_gear: true,
    description: 'CSA green-patch steel-toe boots',
    ...patch,
  };
}

function createSpending(as: DemoUserKey, planId: number, patch: Record<string, unknown> = {}) {
  return postCreated<Spending>(t, as, '/api/spendings', line(planId, patch));
}

const storedCount = (planId: number) => countRows(t, spendings, eq(spendings.planId, planId));

/** A fresh plan of a fresh client of the Coordinator's centre. */
async function newPlan(): Promise<number> {
  return (await freshPlan(t, { first_name: 'Wei', last_name: 'Chen' })).plan_id;
}

describe('spendings: who may call what', () => {
  let mine: Spending;
  let theirs: Spending;
  beforeAll(async () => {
    mine = await createSpending('coordinator', ownPlan);
    theirs = await createSpending('coordinator2', otherPlan, { item: 'Monthly bus pass', value: 88 });
  });

  it('answers 401 without a token', async () => {
    await expectSignInRequired(t, [
      { method: 'GET', url: `/api/plans/${ownPlan}/spendings` },
      { method: 'POST', url: '/api/spendings', body: line(ownPlan) },
      { method: 'PUT', url: `/api/spendings/${mine.spending_id}`, body: line(ownPlan) },
      { method: 'DELETE', url: `/api/spendings/${mine.spending_id}` },
    ]);
  });

  it('answers 403 to a Reporter before looking at the input, and changes nothing', async () => {
    const before = await storedCount(ownPlan);
    const bad = { plan_id: ownPlan, item: '', value: 'abc', date: daysFromToday(3) };
    await expectForbidden(t, 'reporter', [
      { method: 'GET', url: `/api/plans/${ownPlan}/spendings` },
      { method: 'POST', url: '/api/spendings', body: bad },
      { method: 'PUT', url: `/api/spendings/${mine.spending_id}`, body: bad },
      { method: 'DELETE', url: `/api/spendings/${mine.spending_id}` },
    ]);
    expect(await storedCount(ownPlan)).toBe(before);
  });

  it("answers 404 for another centre's plan and lines, and changes nothing", async () => {
    await expectNotFound(t, 'coordinator', [
      { method: 'GET', url: `/api/plans/${otherPlan}/spendings` },
      { method: 'POST', url: '/api/spendings', body: line(otherPlan) },
      {
        method: 'PUT',
        url: `/api/spendings/${theirs.spending_id}`,
        body: line(ownPlan, { item: 'Taken over' }),
      },
      { method: 'DELETE', url: `/api/spendings/${theirs.spending_id}` },
    ]);
    const list = await t.call('GET', `/api/plans/${otherPlan}/spendings`, { as: 'coordinator2' });
    expect(list.json).toEqual([theirs]);
  });

  it('answers 404 for a plan or line that does not exist', async () => {
    for (const as of ['admin', 'coordinator'] as const) {
      expect((await t.call('GET', '/api/plans/999999/spendings', { as })).status).toBe(404);
      expect((await t.call('POST', '/api/spendings', { as, body: line(999999) })).status).toBe(404);
      const put = await t.call('PUT', '/api/spendings/999999', { as, body: line(ownPlan) });
      expect(put.status).toBe(404);
      expect((await t.call('DELETE', '/api/spendings/999999', { as })).status).toBe(404);
    }
  });

  it("lets an Admin keep any centre's lines", async () => {
    const made = await createSpending('admin', otherPlan, { item: 'Hard hat', value: 39.5 });
    const edited = await t.call('PUT', `/api/spendings/${made.spending_id}`, {
      as: 'admin',
      body: line(otherPlan, { item: 'Hard hat and vest', value: 54.5 }),
    });
    expect(edited.status).toBe(200);
    expect(edited.json.value).toBe(54.5);
    expect((await t.call('DELETE', `/api/spendings/${made.spending_id}`, { as: 'admin' })).status).toBe(204);
  });
});

describe('spendings: bad input', () => {
  const post = (patch: Record<string, unknown>) =>
    t.call('POST', '/api/spendings', { as: 'coordinator', body: line(ownPlan, patch) });

  it.each([
    ['date', daysFromToday(1), "Date can't be in the future"],
    ['date', '', 'This field is required'],
    ['date', undefined, 'This field is required'],
    ['date', '2025-13-01', 'must be a valid date'],
    ['item', '', 'This field is required'],
    ['item', '  ', 'This field is required'],
    ['item', undefined, 'This field is required'],
    ['item', 'x'.repeat(65), 'must be less than 64 characters'],
    ['value', '12.345', 'must be a monetary value'],
    ['value', 12.345, 'must be a monetary value'],
    ['value', 'abc', 'must be a monetary value'],
    ['value', '-5', 'must be a monetary value'],
    ['value', -5, 'must be a monetary value'],
    ['value', '$12.00', 'must be a monetary value'],
    // The one shape that reads differently by language (1200 in English, three decimals in French):
    // the API reads a request the same for every caller, so it is refused (money-text.ts).
    ['value', '1,200', 'must be a monetary value'],
    ['value', '1,234,56', 'must be a monetary value'],
    ['value', '12 34,50', 'must be a monetary value'],
    ['value', '10000000.00', 'must be less than $10,000,000.00'],
    ['description', 'x'.repeat(1025), 'must be less than 1024 characters'],
    ['plan_id', undefined, 'This field is required'],
  ])('refuses %s %j with %j', async (field, value, message) => {
    const before = await storedCount(ownPlan);
    const res = await post({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields[field]).toBe(message);
    expect(await storedCount(ownPlan)).toBe(before);
  });

  it('refuses the same on an edit and keeps the line as it was', async () => {
    const made = await createSpending('coordinator', ownPlan, { item: 'Safety glasses', value: 24.99 });
    const res = await t.call('PUT', `/api/spendings/${made.spending_id}`, {
      as: 'coordinator',
      body: line(ownPlan, { item: 'x'.repeat(65), value: '-5', date: daysFromToday(5) }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      item: 'must be less than 64 characters',
      value: 'must be a monetary value',
      date: "Date can't be in the future",
    });
    const list = await t.call('GET', `/api/plans/${ownPlan}/spendings`, { as: 'coordinator' });
    expect(list.json).toContainEqual(made);
  });

  it('accepts the limits: a 64-character item, a 1024-character description, today', async () => {
    const made = await createSpending('coordinator', ownPlan, {
      item: 'i'.repeat(64),
      description: 'd'.repeat(1024),
      date: todayIso(),
    });
    expect(made.item).toHaveLength(64);
    expect(made.description).toHaveLength(1024);
    expect(made.date).toBe(todayIso());
  });
});

describe('spendings: writing and reading', () => {
  it('creates a line sent with id -1 and answers it whole', async () => {
    const plan = await newPlan();
    const res = await t.call('POST', '/api/spendings', {
      as: 'coordinator',
      body: line(plan, { item: '  First-aid course fee ', value: '129.00', work_gear: false }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      spending_id: expect.any(Number),
      plan_id: plan,
      date: daysFromToday(-2),
      item: 'First-aid course fee',
      value: 129,
      work_gear: false,
      description: 'CSA green-patch steel-toe boots',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: res.json.created_at,
    });
    const [row] = await t.db.select().from(spendings).where(eq(spendings.spendingId, res.json.spending_id));
    expect(row!.createdBy).toBe(t.demo.coordinator.userId);
  });

  it('stores an empty value as 0, no work gear as false, and an empty description as none', async () => {
    const plan = await newPlan();
    for (const value of ['', null, undefined]) {
      const res = await t.call('POST', '/api/spendings', {
        as: 'coordinator',
        body: { plan_id: plan, date: todayIso(), item: 'Bus ticket', value, description: '' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json).toMatchObject({ value: 0, work_gear: false, description: null });
    }
  });

  it('reads an amount typed the French way, a decimal comma and spaces between thousands (issue 34)', async () => {
    const plan = await newPlan();
    const typed = ['125,50', '1 234,56', '1\u00a0234,5', '1,234.50', '125.50'];
    const made: Spending[] = [];
    for (const value of typed) made.push(await createSpending('coordinator', plan, { value }));
    expect(made.map((s) => s.value)).toEqual([125.5, 1234.56, 1234.5, 1234.5, 125.5]);
    const rows = await t.db
      .select({ value: sql<string>`${spendings.value}::text` })
      .from(spendings)
      .where(eq(spendings.planId, plan))
      .orderBy(spendings.spendingId);
    expect(rows.map((r) => r.value)).toEqual(['125.50', '1234.56', '1234.50', '1234.50', '125.50']);

    const edited = await t.call('PUT', `/api/spendings/${made[0]!.spending_id}`, {
      as: 'coordinator',
      body: line(plan, { value: '99,95' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.json.value).toBe(99.95);
  });

  it('keeps every cent, so the totals add up exactly', async () => {
    const plan = await newPlan();
    const values = [1234.56, '0.10', 0.2, '19.99', 9999999.99, '0.01'];
    const made: Spending[] = [];
    for (const value of values) made.push(await createSpending('coordinator', plan, { value }));
    expect(made.map((s) => s.value)).toEqual([1234.56, 0.1, 0.2, 19.99, 9999999.99, 0.01]);

    const list = await t.call('GET', `/api/plans/${plan}/spendings`, { as: 'coordinator' });
    expect(spendingTotals(list.json).caseTotal).toBe(10001254.85);
    const [sum] = await t.db
      .select({ total: sql<string>`sum(${spendings.value})::text` })
      .from(spendings)
      .where(eq(spendings.planId, plan));
    expect(sum!.total).toBe('10001254.85');
  });

  it('lists newest first, the later-entered first on the same day', async () => {
    const plan = await newPlan();
    const old = await createSpending('coordinator', plan, { date: daysFromToday(-30), item: 'Old' });
    const a = await createSpending('coordinator', plan, { date: daysFromToday(-3), item: 'A' });
    const newest = await createSpending('coordinator', plan, { date: todayIso(), item: 'Newest' });
    const b = await createSpending('admin', plan, { date: daysFromToday(-3), item: 'B' });
    const list = await t.call('GET', `/api/plans/${plan}/spendings`, { as: 'coordinator' });
    expect(list.status).toBe(200);
    expect(list.json.map((s: Spending) => s.spending_id)).toEqual([
      newest.spending_id,
      b.spending_id,
      a.spending_id,
      old.spending_id,
    ]);
  });

  it('edits the line the path names, ignoring any id in the body, and never moves it', async () => {
    const plan = await newPlan();
    const elsewhere = await newPlan();
    const made = await createSpending('coordinator', plan, { item: 'Bus pass', value: 74 });
    const bystander = await createSpending('coordinator', elsewhere, { item: 'Hard hat', value: 30 });
    for (const movedTo of [elsewhere, otherPlan, 999999]) {
      const res = await t.call('PUT', `/api/spendings/${made.spending_id}`, {
        as: 'coordinator',
        body: line(movedTo, {
          spending_id: bystander.spending_id,
          item: 'Monthly bus pass',
          value: '88.50',
          work_gear: false,
          description: '',
        }),
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        spending_id: made.spending_id,
        plan_id: plan,
        item: 'Monthly bus pass',
        value: 88.5,
        work_gear: false,
        description: null,
        created_at: made.created_at,
      });
      expect(res.json.updated_at >= made.updated_at).toBe(true);
    }
    expect(await storedCount(elsewhere)).toBe(1);
    expect(await storedCount(otherPlan)).toBe(1);
    const list = await t.call('GET', `/api/plans/${elsewhere}/spendings`, { as: 'coordinator' });
    expect(list.json).toEqual([bystander]);
  });

  it('deletes a line (204), after which it is gone', async () => {
    const plan = await newPlan();
    const made = await createSpending('coordinator', plan);
    const keep = await createSpending('coordinator', plan, { item: 'Keep me' });
    const res = await t.call('DELETE', `/api/spendings/${made.spending_id}`, { as: 'coordinator' });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await t.call('DELETE', `/api/spendings/${made.spending_id}`, { as: 'coordinator' })).status).toBe(
      404,
    );
    const put = await t.call('PUT', `/api/spendings/${made.spending_id}`, {
      as: 'coordinator',
      body: line(plan),
    });
    expect(put.status).toBe(404);
    const list = await t.call('GET', `/api/plans/${plan}/spendings`, { as: 'coordinator' });
    expect(list.json).toEqual([keep]);
  });

  it('goes with its plan when the plan is deleted', async () => {
    const plan = await newPlan();
    await createSpending('coordinator', plan);
    expect((await t.call('DELETE', `/api/plans/${plan}`, { as: 'coordinator' })).status).toBe(204);
    expect(await storedCount(plan)).toBe(0);
    expect((await t.call('GET', `/api/plans/${plan}/spendings`, { as: 'coordinator' })).status).toBe(404);
  });
});
