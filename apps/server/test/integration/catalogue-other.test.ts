import type { PlanTraining } from '@cairn/shared/plans.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barriers, supports, trainings } from '../../src/db/schema/catalogue.ts';
import { createClient, daysFromToday } from '../helpers/clients.ts';
import { catalogueItems, freshPlan, planInfo, type CatalogueItem } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The catalogue's 'Other' item is known by its is_other flag, never by its name: here every
 * list's 'Other' is renamed 'Autre', and each list gets an ordinary item called 'Other'. The
 * renamed item keeps every rule of 'Other' (a name of its own on a plan, repeats under different
 * names, last in its list); the one merely called 'Other' is an item like any other.
 */

type Kind = 'barriers' | 'supports' | 'trainings';
const KINDS: Kind[] = ['barriers', 'supports', 'trainings'];

let t: TestApp;
/** Per list: the flagged item (now 'Autre'), the ordinary item named 'Other', and the others. */
const items = {} as Record<Kind, { autre: CatalogueItem; named: CatalogueItem; regular: CatalogueItem[] }>;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.update(barriers).set({ name: 'Autre' }).where(eq(barriers.isOther, true));
  await t.db.update(supports).set({ name: 'Autre' }).where(eq(supports.isOther, true));
  await t.db.update(trainings).set({ name: 'Autre' }).where(eq(trainings.isOther, true));
  await t.db.insert(barriers).values({ name: 'Other', category: 'Personal' });
  await t.db.insert(supports).values({ name: 'Other', category: 'Misc' });
  await t.db.insert(trainings).values({ name: 'Other' });
  for (const kind of KINDS) {
    const { other, regular } = await catalogueItems(t, kind);
    const named = regular.find((i) => i.name === 'Other')!;
    items[kind] = { autre: other, named, regular: regular.filter((i) => i !== named) };
  }
});
afterAll(() => t.close());

async function list(path: string): Promise<Array<Record<string, unknown>>> {
  const res = await t.call('GET', path, { as: 'coordinator' });
  expect(res.status).toBe(200);
  return res.json;
}

function put(planId: number, kind: Kind, body: unknown) {
  return t.call('PUT', `/api/plans/${planId}/${kind}`, { as: 'coordinator', body });
}

describe('the catalogue', () => {
  it.each(KINDS)('answers is_other: true for the renamed %s Other only', async (kind) => {
    const all = await list(`/api/${kind}`);
    expect(items[kind].autre.name).toBe('Autre');
    expect(all.filter((i) => i.is_other).map((i) => i.name)).toEqual(['Autre']);
    expect(all.find((i) => i.name === 'Other')).toMatchObject({ is_other: false });
    const idKey = `${kind.slice(0, -1)}_id`;
    const one = await t.call('GET', `/api/${kind}/${items[kind].autre.id}`, { as: 'coordinator' });
    expect(one.json).toMatchObject({ [idKey]: items[kind].autre.id, name: 'Autre', is_other: true });
  });

  it('lists the renamed Other last in its category, and the item named Other by its name', async () => {
    for (const kind of ['barriers', 'supports'] as const) {
      const all = await list(`/api/${kind}`);
      const category = all.find((i) => i.is_other)!.category;
      const names = all.filter((i) => i.category === category).map((i) => i.name as string);
      expect(names.at(-1), kind).toBe('Autre');
      const rest = names.slice(0, -1);
      expect(rest, kind).toContain('Other');
      expect(rest, kind).toEqual([...rest].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    }
  });

  it('lists the renamed training Other last of all, and the training named Other by its name', async () => {
    const names = (await list('/api/trainings')).map((i) => i.name as string);
    expect(names.at(-1)).toBe('Autre');
    const rest = names.slice(0, -1).map((n) => n.toLowerCase());
    expect(rest).toContain('other');
    expect(rest).toEqual([...rest].sort());
  });

  it('keeps to one Other per list', async () => {
    await expect(
      t.db.insert(barriers).values({ name: 'Autre encore', category: 'Financial', isOther: true }),
    ).rejects.toThrow();
    await expect(
      t.db.insert(supports).values({ name: 'Autre encore', category: 'Cultural', isOther: true }),
    ).rejects.toThrow();
    await expect(t.db.insert(trainings).values({ name: 'Autre encore', isOther: true })).rejects.toThrow();
  });
});

describe('plan barriers and supports', () => {
  it.each(['barriers', 'supports'] as const)(
    'ask a name for the renamed %s Other, let it repeat under names, and not the one named Other',
    async (kind) => {
      const plan = await freshPlan(t);
      const idKey = `${kind.slice(0, -1)}_id`;
      const { autre, named } = items[kind];

      const unnamed = await put(plan.plan_id, kind, [{ [idKey]: named.id }, { [idKey]: autre.id }]);
      expect(unnamed.status).toBe(400);
      expect(Object.keys(unnamed.json.error.fields)).toEqual(['1.other_name']);

      const res = await put(plan.plan_id, kind, [
        { [idKey]: autre.id, other_name: 'Bus pass' },
        { [idKey]: named.id, other_name: 'dropped' },
        { [idKey]: autre.id, other_name: 'Work boots' },
        { [idKey]: named.id, other_name: 'also dropped' },
        { [idKey]: autre.id, other_name: 'bus PASS' },
      ]);
      expect(res.status).toBe(200);
      expect(
        (res.json as Array<Record<string, unknown>>).map((i) => [i[idKey], i.name, i.is_other, i.other_name]),
      ).toEqual([
        [autre.id, 'Autre', true, 'Bus pass'],
        [named.id, 'Other', false, null],
        [autre.id, 'Autre', true, 'Work boots'],
      ]);
    },
  );

  it('apply when a plan is created with its barriers', async () => {
    const client = await createClient(t, 'coordinator');
    const { autre, named } = items.barriers;
    const post = (barrierList: unknown[]) =>
      t.call('POST', '/api/plans', {
        as: 'coordinator',
        body: { client_id: client.client_id, ...planInfo(), barriers: barrierList },
      });
    const unnamed = await post([{ barrier_id: autre.id }]);
    expect(unnamed.status).toBe(400);
    expect(Object.keys(unnamed.json.error.fields)).toEqual(['barriers.0.other_name']);

    const created = await post([
      { barrier_id: named.id },
      { barrier_id: autre.id, other_name: 'Eviction notice' },
      { barrier_id: autre.id, other_name: 'No bank account' },
    ]);
    expect(created.status).toBe(201);
    expect(
      created.json.plan.barriers.map((b: Record<string, unknown>) => [
        b.barrier_id,
        b.is_other,
        b.other_name,
      ]),
    ).toEqual([
      [named.id, false, null],
      [autre.id, true, 'Eviction notice'],
      [autre.id, true, 'No bank account'],
    ]);
  });
});

describe('plan trainings', () => {
  it('ask a name for the renamed Other and keep it last; the training named Other goes by date', async () => {
    const plan = await freshPlan(t);
    const { autre, named, regular } = items.trainings;

    const unnamed = await put(plan.plan_id, 'trainings', [
      { training_id: named.id, date: daysFromToday(-5) },
      { training_id: autre.id, date: daysFromToday(-5) },
    ]);
    expect(unnamed.status).toBe(400);
    expect(Object.keys(unnamed.json.error.fields)).toEqual(['1.other_name']);

    const res = await put(plan.plan_id, 'trainings', [
      { training_id: autre.id, date: daysFromToday(-60), other_name: 'Chainsaw safety' },
      { training_id: named.id, date: daysFromToday(-10), other_name: 'dropped' },
      { training_id: regular[0]!.id, date: daysFromToday(-30) },
      { training_id: autre.id, date: daysFromToday(-60), other_name: 'Small engine repair' },
    ]);
    expect(res.status).toBe(200);
    const shape = (l: PlanTraining[]) => l.map((x) => [x.training_id, x.is_other, x.date, x.other_name]);
    expect(shape(res.json)).toEqual([
      [regular[0]!.id, false, daysFromToday(-30), null],
      [named.id, false, daysFromToday(-10), null],
      [autre.id, true, daysFromToday(-60), 'Chainsaw safety'],
      [autre.id, true, daysFromToday(-60), 'Small engine repair'],
    ]);
  });
});
