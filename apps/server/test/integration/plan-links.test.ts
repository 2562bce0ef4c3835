import type { Plan, PlanTraining } from '@cairn/shared/plans.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barriers, supports, trainings } from '../../src/db/schema/catalogue.ts';
import { expectForbidden, expectNotFound, expectSignInRequired, type RouteCall } from '../helpers/access.ts';
import { daysFromToday } from '../helpers/clients.ts';
import { catalogueItems, freshPlan, type CatalogueItem } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const items = {} as Record<
  'barriers' | 'supports' | 'trainings',
  { other: CatalogueItem; regular: CatalogueItem[] }
>;
beforeAll(async () => {
  t = await createTestApp();
  for (const kind of ['barriers', 'supports', 'trainings'] as const)
    items[kind] = await catalogueItems(t, kind);
});
afterAll(() => t.close());

const newPlan = () => freshPlan(t);

function put(planId: number, kind: string, body: unknown) {
  return t.call('PUT', `/api/plans/${planId}/${kind}`, { as: 'coordinator', body });
}

async function get(planId: number, kind: string) {
  const res = await t.call('GET', `/api/plans/${planId}/${kind}`, { as: 'coordinator' });
  expect(res.status).toBe(200);
  return res.json;
}

/** The list as [item id, other_name] pairs. */
const pairs = (list: Array<Record<string, unknown>>, idKey: string) =>
  list.map((i) => [i[idKey], i.other_name]);

describe('who may reach a plan’s lists', () => {
  let plan: Plan;
  beforeAll(async () => {
    plan = await newPlan();
    expect(
      (await put(plan.plan_id, 'barriers', [{ barrier_id: items.barriers.regular[0]!.id }])).status,
    ).toBe(200);
  });

  /** Each list's GET and PUT; the PUT with `body`. */
  const routes = (body: unknown = []): RouteCall[] =>
    ['barriers', 'supports', 'trainings'].flatMap((kind) => [
      { method: 'GET', url: `/api/plans/${plan.plan_id}/${kind}` },
      { method: 'PUT', url: `/api/plans/${plan.plan_id}/${kind}`, body },
    ]);

  it('asks for a sign-in', async () => {
    await expectSignInRequired(t, routes());
  });

  it('refuses the reporting role before reading the input', async () => {
    await expectForbidden(t, 'reporter', routes({ not: 'a list' }));
  });

  it("answers another centre's plan as missing, and changes nothing", async () => {
    await expectNotFound(t, 'coordinator2', routes());
    expect(pairs(await get(plan.plan_id, 'barriers'), 'barrier_id')).toEqual([
      [items.barriers.regular[0]!.id, null],
    ]);
  });

  it('answers 404 for a plan that does not exist', async () => {
    expect((await put(999999, 'supports', [])).status).toBe(404);
    expect((await t.call('GET', '/api/plans/999999/trainings', { as: 'coordinator' })).status).toBe(404);
  });
});

describe('PUT /plans/{id}/barriers and /supports', () => {
  it('replaces the list in the order given, naming Other items only', async () => {
    const plan = await newPlan();
    const [a, b, c] = items.barriers.regular;
    const first = await put(plan.plan_id, 'barriers', [{ barrier_id: a!.id }, { barrier_id: b!.id }]);
    expect(first.status).toBe(200);
    const res = await put(plan.plan_id, 'barriers', [
      { barrier_id: c!.id, other_name: 'dropped' },
      { barrier_id: items.barriers.other.id, other_name: 'Criminal record' },
      { barrier_id: a!.id },
    ]);
    expect(res.status).toBe(200);
    expect(pairs(res.json, 'barrier_id')).toEqual([
      [c!.id, null],
      [items.barriers.other.id, 'Criminal record'],
      [a!.id, null],
    ]);
    expect(res.json[0]).toMatchObject({ name: c!.name, disabled: false });
    expect(await get(plan.plan_id, 'barriers')).toEqual(res.json);
    // The plan shows the same barriers.
    const shown = await t.call('GET', `/api/plans/${plan.plan_id}`, { as: 'coordinator' });
    expect(shown.json.barriers).toEqual(res.json);
    expect((await put(plan.plan_id, 'barriers', [])).json).toEqual([]);
  });

  it('keeps a named Other support once per name and any other support once', async () => {
    const plan = await newPlan();
    const { other, regular } = items.supports;
    const res = await put(plan.plan_id, 'supports', [
      { support_id: other.id, other_name: 'Bus pass' },
      { support_id: regular[0]!.id },
      { support_id: other.id, other_name: 'Work boots' },
      { support_id: regular[0]!.id },
      { support_id: other.id, other_name: 'bus pass' },
    ]);
    expect(res.status).toBe(200);
    expect(pairs(res.json, 'support_id')).toEqual([
      [other.id, 'Bus pass'],
      [regular[0]!.id, null],
      [other.id, 'Work boots'],
    ]);
  });

  it('answers the messages and keeps the old list when an entry is wrong', async () => {
    const plan = await newPlan();
    const { other, regular } = items.supports;
    await put(plan.plan_id, 'supports', [{ support_id: regular[0]!.id }]);
    const res = await put(plan.plan_id, 'supports', [
      { support_id: regular[1]!.id },
      { support_id: other.id },
      { support_id: 999999 },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      '1.other_name': 'This field is required',
      '2.support_id': 'must be one of the listed answers',
    });
    expect(pairs(await get(plan.plan_id, 'supports'), 'support_id')).toEqual([[regular[0]!.id, null]]);
  });

  it('keeps a disabled item already on the plan but refuses adding one', async () => {
    const plan = await newPlan();
    const [kept, , , added] = items.barriers.regular;
    await put(plan.plan_id, 'barriers', [{ barrier_id: kept!.id }]);
    await t.db.update(barriers).set({ disabled: true }).where(eq(barriers.barrierId, kept!.id));
    await t.db.update(barriers).set({ disabled: true }).where(eq(barriers.barrierId, added!.id));
    try {
      const stays = await put(plan.plan_id, 'barriers', [
        { barrier_id: items.barriers.regular[1]!.id },
        { barrier_id: kept!.id },
      ]);
      expect(stays.status).toBe(200);
      expect(stays.json[1]).toMatchObject({ barrier_id: kept!.id, disabled: true });

      const refused = await put(plan.plan_id, 'barriers', [
        { barrier_id: kept!.id },
        { barrier_id: added!.id },
      ]);
      expect(refused.status).toBe(400);
      expect(refused.json.error.fields).toEqual({ '1.barrier_id': 'must be one of the listed answers' });

      // Once taken off the plan, a disabled item cannot come back.
      expect((await put(plan.plan_id, 'barriers', [])).status).toBe(200);
      expect((await put(plan.plan_id, 'barriers', [{ barrier_id: kept!.id }])).status).toBe(400);
    } finally {
      await t.db.update(barriers).set({ disabled: false }).where(eq(barriers.barrierId, kept!.id));
      await t.db.update(barriers).set({ disabled: false }).where(eq(barriers.barrierId, added!.id));
    }
  });

  it('refuses a disabled support not on the plan', async () => {
    const plan = await newPlan();
    const support = items.supports.regular[2]!;
    await t.db.update(supports).set({ disabled: true }).where(eq(supports.supportId, support.id));
    try {
      const res = await put(plan.plan_id, 'supports', [{ support_id: support.id }]);
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ '0.support_id': 'must be one of the listed answers' });
    } finally {
      await t.db.update(supports).set({ disabled: false }).where(eq(supports.supportId, support.id));
    }
  });
});

describe('PUT /plans/{id}/trainings', () => {
  const shape = (list: PlanTraining[]) => list.map((x) => [x.training_id, x.date, x.noc, x.other_name]);

  it("takes NOC 2021's 5 digits as well as NOC 2016's 4, and refuses anything else as not a valid NOC", async () => {
    const plan = await newPlan();
    const [a] = items.trainings.regular;
    const res = await put(plan.plan_id, 'trainings', [
      { training_id: a!.id, date: daysFromToday(-3), noc: '72010' },
      { training_id: a!.id, date: daysFromToday(-2), noc: '7201' },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(shape(res.json)).toEqual([
      [a!.id, daysFromToday(-3), '72010', null],
      [a!.id, daysFromToday(-2), '7201', null],
    ]);
    for (const noc of ['720100', '720', '7201a']) {
      const bad = await put(plan.plan_id, 'trainings', [
        { training_id: a!.id, date: daysFromToday(-3), noc },
      ]);
      expect(bad.status).toBe(400);
      expect(bad.json.error.fields['0.noc']).toBe('must be a valid NOC');
    }
  });

  it('stores the trainings by date with Other last, and keeps the rows it is given back', async () => {
    const plan = await newPlan();
    const { other, regular } = items.trainings;
    const [a, b] = regular;
    const res = await put(plan.plan_id, 'trainings', [
      {
        plan_training_id: -1,
        training_id: other.id,
        date: daysFromToday(-40),
        other_name: 'Forklift refresher',
      },
      { training_id: a!.id, date: daysFromToday(-5), noc: '7521' },
      { training_id: b!.id, date: daysFromToday(-20), noc: '', other_name: 'dropped' },
      { training_id: a!.id, date: daysFromToday(-30), noc: null },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(shape(res.json)).toEqual([
      [a!.id, daysFromToday(-30), null, null],
      [b!.id, daysFromToday(-20), null, null],
      [a!.id, daysFromToday(-5), '7521', null],
      [other.id, daysFromToday(-40), null, 'Forklift refresher'],
    ]);
    expect(res.json[0]).toMatchObject({ name: a!.name, disabled: false });
    expect(await get(plan.plan_id, 'trainings')).toEqual(res.json);

    // Saved back with one changed, one removed and one new: kept rows keep their ids.
    const [first, second, third] = res.json as PlanTraining[];
    const again = await put(plan.plan_id, 'trainings', [
      { ...first!, noc: '1234' },
      third,
      { training_id: b!.id, date: daysFromToday(-1) },
    ]);
    expect(again.status).toBe(200);
    const byDate = again.json as PlanTraining[];
    expect(shape(byDate)).toEqual([
      [a!.id, daysFromToday(-30), '1234', null],
      [a!.id, daysFromToday(-5), '7521', null],
      [b!.id, daysFromToday(-1), null, null],
    ]);
    expect(byDate[0]!.plan_training_id).toBe(first!.plan_training_id);
    expect(byDate[1]!.plan_training_id).toBe(third!.plan_training_id);
    expect([first, second, third].map((x) => x!.plan_training_id)).not.toContain(byDate[2]!.plan_training_id);
  });

  it('drops an exact repeat and never touches another plan’s row', async () => {
    const planA = await newPlan();
    const planB = await newPlan();
    const a = items.trainings.regular[0]!;
    const onB = await put(planB.plan_id, 'trainings', [{ training_id: a.id, date: daysFromToday(-2) }]);
    const foreignId = onB.json[0].plan_training_id as number;
    const res = await put(planA.plan_id, 'trainings', [
      { plan_training_id: foreignId, training_id: a.id, date: daysFromToday(-3), noc: '2171' },
      { training_id: a.id, date: daysFromToday(-3), noc: '2171' },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.length).toBe(1);
    expect(res.json[0].plan_training_id).not.toBe(foreignId);
    expect(await get(planB.plan_id, 'trainings')).toEqual(onB.json);
  });

  it('answers the Training dialog messages and keeps the old list', async () => {
    const plan = await newPlan();
    const { other, regular } = items.trainings;
    await put(plan.plan_id, 'trainings', [{ training_id: regular[0]!.id, date: daysFromToday(-1) }]);
    const bad = await put(plan.plan_id, 'trainings', [
      { training_id: regular[0]!.id, date: daysFromToday(1) },
      { training_id: regular[0]!.id, date: daysFromToday(-1), noc: '123' },
      { training_id: regular[0]!.id, date: daysFromToday(-1), noc: 'abcd' },
      { training_id: regular[0]!.id, date: '' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toEqual({
      '0.date': "Date can't be in the future",
      '1.noc': 'must be a valid NOC',
      '2.noc': 'must be a valid NOC',
      '3.date': 'This field is required',
    });
    const unnamed = await put(plan.plan_id, 'trainings', [
      { training_id: other.id, date: daysFromToday(-1), other_name: '' },
      { training_id: 999999, date: daysFromToday(-1) },
    ]);
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.error.fields).toEqual({
      '0.other_name': 'This field is required',
      '1.training_id': 'must be one of the listed answers',
    });
    expect(shape(await get(plan.plan_id, 'trainings'))).toEqual([
      [regular[0]!.id, daysFromToday(-1), null, null],
    ]);
  });

  it('keeps a disabled training already on the plan but refuses adding one', async () => {
    const plan = await newPlan();
    const [kept, added] = items.trainings.regular;
    const first = await put(plan.plan_id, 'trainings', [{ training_id: kept!.id, date: daysFromToday(-9) }]);
    await t.db.update(trainings).set({ disabled: true }).where(eq(trainings.trainingId, kept!.id));
    await t.db.update(trainings).set({ disabled: true }).where(eq(trainings.trainingId, added!.id));
    try {
      const stays = await put(plan.plan_id, 'trainings', [
        first.json[0],
        { training_id: kept!.id, date: daysFromToday(-4) },
      ]);
      expect(stays.status).toBe(200);
      expect(stays.json.map((x: PlanTraining) => x.disabled)).toEqual([true, true]);
      const refused = await put(plan.plan_id, 'trainings', [
        { training_id: added!.id, date: daysFromToday(-4) },
      ]);
      expect(refused.status).toBe(400);
      expect(refused.json.error.fields).toEqual({ '0.training_id': 'must be one of the listed answers' });
    } finally {
      await t.db.update(trainings).set({ disabled: false }).where(eq(trainings.trainingId, kept!.id));
      await t.db.update(trainings).set({ disabled: false }).where(eq(trainings.trainingId, added!.id));
    }
  });
});
