import {
  BARRIER_CATEGORIES,
  SUPPORT_CATEGORIES,
  type BarrierCategory,
} from '@cairn/shared/catalogue.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barriers, supports, trainings } from '../../src/db/schema/catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Item {
  name: string;
  category: string;
  description: string | null;
  disabled: boolean;
  reporting_type: number | null;
  reporting_type_name: string | null;
}
interface ReportingTypeRow {
  reporting_type_id: number;
  type: string;
  category: string;
}

const KINDS = [
  { kind: 'barriers', idKey: 'barrier_id', reportingCategory: 'Barrier' },
  { kind: 'supports', idKey: 'support_id', reportingCategory: 'Support' },
  { kind: 'trainings', idKey: 'training_id', reportingCategory: 'Training' },
] as const;

async function list(kind: string, query = ''): Promise<Array<Item & Record<string, unknown>>> {
  const res = await t.call('GET', `/api/${kind}${query}`, { as: 'coordinator' });
  expect(res.status).toBe(200);
  return res.json;
}

/** Names in their category, in the order the API answered. */
function namesByCategory(items: Item[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item.name]);
  return groups;
}

describe('catalogue access', () => {
  const paths = [
    '/api/barriers',
    '/api/supports',
    '/api/trainings',
    '/api/barriers/1',
    '/api/supports/1',
    '/api/trainings/1',
    '/api/reporting/types',
  ];

  it.each(paths)('GET %s needs a sign-in (401)', async (path) => {
    const res = await t.call('GET', path);
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
  });

  it.each(paths)('GET %s answers every signed-in role: Admin, Coordinator and Reporter', async (path) => {
    expect((await t.call('GET', path, { as: 'admin' })).status).toBe(200);
    expect((await t.call('GET', path, { as: 'coordinator' })).status).toBe(200);
    expect((await t.call('GET', path, { as: 'reporter' })).status).toBe(200);
  });
});

describe('GET /api/reporting/types', () => {
  it('lists the reporting types of all three kinds, ordered by category then type', async () => {
    const res = await t.call('GET', '/api/reporting/types', { as: 'admin' });
    expect(res.status).toBe(200);
    const types: ReportingTypeRow[] = res.json;
    expect(types.length).toBeGreaterThan(0);
    for (const rt of types) {
      expect(Object.keys(rt).sort()).toEqual(['category', 'name_fr', 'reporting_type_id', 'type']);
    }
    expect(new Set(types.map((rt) => rt.category))).toEqual(new Set(['Barrier', 'Support', 'Training']));
    const keys = types.map((rt) => [rt.category, rt.type.toLowerCase()].join('\u0000'));
    expect(keys).toEqual([...keys].sort());
  });
});

describe.each(KINDS)('GET /api/$kind', ({ kind, idKey, reportingCategory }) => {
  it('lists the active items with the fields of spec §3, each mapped to a reporting type of its kind', async () => {
    const items = await list(kind);
    expect(items.length).toBeGreaterThanOrEqual(12);
    const types: ReportingTypeRow[] = (await t.call('GET', '/api/reporting/types', { as: 'admin' })).json;
    const typeNames = new Map(types.map((rt) => [rt.reporting_type_id, rt]));
    for (const item of items) {
      expect(item.disabled).toBe(false);
      expect(typeof item[idKey]).toBe('number');
      expect(item.name.length).toBeGreaterThan(0);
      expect(item.name.length).toBeLessThanOrEqual(64);
      expect((item.description ?? '').length).toBeLessThanOrEqual(350);
      expect(item.reporting_type).not.toBeNull();
      const mapped = typeNames.get(item.reporting_type!);
      expect(mapped?.category).toBe(reportingCategory);
      expect(item.reporting_type_name).toBe(mapped?.type);
    }
  });

  it("offers an item named 'Other', the one flagged is_other", async () => {
    const items = await list(kind);
    expect(items.filter((i) => i.name === 'Other')).toHaveLength(1);
    expect(items.filter((i) => i.is_other).map((i) => i.name)).toEqual(['Other']);
    for (const item of items) expect(typeof item.is_other).toBe('boolean');
  });

  it('answers one item by id, and 404 for an unknown id', async () => {
    const [first] = await list(kind);
    const one = await t.call('GET', `/api/${kind}/${first![idKey]}`, { as: 'admin' });
    expect(one.status).toBe(200);
    expect(one.json).toEqual(first);

    const missing = await t.call('GET', `/api/${kind}/999999`, { as: 'admin' });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('not_found');
  });

  it('rejects an id that is not a positive whole number (400)', async () => {
    const res = await t.call('GET', `/api/${kind}/abc`, { as: 'admin' });
    expect(res.status).toBe(400);
  });
});

describe('ordering', () => {
  it("lists barriers by category, then name, with 'Other' last in its category", async () => {
    const items = await list('barriers');
    const categories = items.map((i) => i.category);
    expect(categories).toEqual([...categories].sort());
    expect(new Set(categories)).toEqual(new Set(BARRIER_CATEGORIES));
    for (const names of namesByCategory(items).values()) {
      const others = names.filter((n) => n !== 'Other');
      expect(others).toEqual([...others].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
      if (names.includes('Other')) expect(names.at(-1)).toBe('Other');
    }
  });

  it("lists supports by category, then name, with 'Other' last in its category", async () => {
    const items = await list('supports');
    const categories = items.map((i) => i.category);
    expect(categories).toEqual([...categories].sort());
    expect(new Set(categories)).toEqual(new Set(SUPPORT_CATEGORIES));
    const otherCategory = items.find((i) => i.name === 'Other')!.category;
    for (const [category, names] of namesByCategory(items)) {
      const others = names.filter((n) => n !== 'Other');
      expect(others).toEqual([...others].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
      if (category === otherCategory) expect(names.at(-1)).toBe('Other');
    }
  });

  it("lists trainings by name, category '-', with 'Other' last overall (spec §9)", async () => {
    const items = await list('trainings');
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(['-']));
    expect(items.at(-1)!.name).toBe('Other');
    const names = items.slice(0, -1).map((i) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    for (const item of items) {
      expect(typeof item.certificate).toBe('boolean');
      expect(item.noc).toBe(false);
    }
    expect(items.find((i) => i.name === 'WHMIS')?.certificate).toBe(true);
  });

  it("keeps the barrier 'Other' last in its category even when a new name would sort after it", async () => {
    const otherCategory = (await list('barriers')).find((i) => i.name === 'Other')!.category;
    await t.db
      .insert(barriers)
      .values({ name: 'Zoning restrictions', category: otherCategory as BarrierCategory });
    const names = namesByCategory(await list('barriers')).get(otherCategory)!;
    expect(names.slice(-2)).toEqual(['Zoning restrictions', 'Other']);
    await t.db.delete(barriers).where(eq(barriers.name, 'Zoning restrictions'));
  });

  it("keeps the training 'Other' last even when a new name would sort after it", async () => {
    await t.db.insert(trainings).values({ name: 'Zoning awareness', certificate: false });
    const items = await list('trainings');
    expect(items.map((i) => i.name).slice(-2)).toEqual(['Zoning awareness', 'Other']);
    await t.db.delete(trainings).where(eq(trainings.name, 'Zoning awareness'));
  });
});

describe('?disabled=true', () => {
  const tables = {
    barriers: { table: barriers, id: barriers.barrierId },
    supports: { table: supports, id: supports.supportId },
    trainings: { table: trainings, id: trainings.trainingId },
  } as const;

  it.each(KINDS)(
    'lists only the disabled $kind, and leaves them out of the active list',
    async ({ kind, idKey }) => {
      expect(await list(kind, '?disabled=true')).toEqual([]);

      const before = await list(kind);
      const victim = before[1]!;
      const { table, id } = tables[kind];
      await t.db
        .update(table)
        .set({ disabled: true })
        .where(eq(id, victim[idKey] as number));

      const disabled = await list(kind, '?disabled=true');
      expect(disabled).toEqual([{ ...victim, disabled: true }]);
      const active = await list(kind);
      expect(active.map((i) => i[idKey])).not.toContain(victim[idKey]);
      expect(active).toHaveLength(before.length - 1);
      expect(await list(kind, '?disabled=false')).toEqual(active);

      // A disabled item can still be read by id: plans that use it keep showing it.
      const one = await t.call('GET', `/api/${kind}/${victim[idKey]}`, { as: 'coordinator' });
      expect(one.status).toBe(200);
      expect(one.json.disabled).toBe(true);

      await t.db
        .update(table)
        .set({ disabled: false })
        .where(eq(id, victim[idKey] as number));
    },
  );

  it('rejects a value that is not a boolean (400)', async () => {
    const res = await t.call('GET', '/api/barriers?disabled=maybe', { as: 'admin' });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toHaveProperty('disabled');
  });
});
