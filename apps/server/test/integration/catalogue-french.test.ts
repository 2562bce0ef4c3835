import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { uniqueName } from '../helpers/groups.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The catalogue, the reporting types and the interaction types in French (issue 34). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Kind = 'barriers' | 'supports' | 'trainings';
const KINDS: Kind[] = ['barriers', 'supports', 'trainings'];

describe('catalogue in French: what the migrations seeded', () => {
  it('names every seeded row in French, and describes every seeded item', async () => {
    for (const table of ['barriers', 'supports', 'trainings', 'reporting_types', 'interaction_types']) {
      const [row] = await selectRows<{ n: number; missing: number }>(
        t.db,
        sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE name_fr IS NULL)::int AS missing
              FROM ${sql.raw(table)}`,
      );
      expect(row!.n, table).toBeGreaterThan(5);
      expect(row!.missing, table).toBe(0);
    }
    for (const table of KINDS) {
      const [row] = await selectRows<{ missing: number }>(
        t.db,
        sql`SELECT count(*)::int AS missing FROM ${sql.raw(table)}
             WHERE description IS NOT NULL AND description_fr IS NULL`,
      );
      expect(row!.missing, table).toBe(0);
    }
  });

  it('answers the French beside the English in every list', async () => {
    const trainings = (await t.call('GET', '/api/trainings', { as: 'coordinator' })).json as Array<
      Record<string, unknown>
    >;
    expect(trainings.find((x) => x.name === 'WHMIS')).toMatchObject({
      name_fr: 'SIMDUT',
      description_fr: expect.stringContaining('matières dangereuses'),
      reporting_type_name: 'Workplace safety certification',
      reporting_type_name_fr: 'Certification en sécurité au travail',
    });
    const types = (await t.call('GET', '/api/reporting/types', { as: 'coordinator' })).json as Array<
      Record<string, unknown>
    >;
    expect(types.find((x) => x.type === 'Housing')).toMatchObject({ name_fr: 'Logement' });
    const interactions = (await t.call('GET', '/api/interactions', { as: 'coordinator' })).json as Array<
      Record<string, unknown>
    >;
    expect(interactions[0]).toEqual({ interaction_id: 1, name: 'In person', name_fr: 'En personne' });
  });
});

describe('catalogue in French: the mapping screens save it', () => {
  let reportingTypes: Map<string, number>;
  beforeAll(async () => {
    const res = await t.call('GET', '/api/reporting/types', { as: 'admin' });
    reportingTypes = new Map();
    for (const type of res.json as Array<{ reporting_type_id: number; category: string }>) {
      if (!reportingTypes.has(type.category)) reportingTypes.set(type.category, type.reporting_type_id);
    }
  });
  const body = (kind: Kind, patch: Record<string, unknown>) => ({
    ...{
      barriers: { category: 'Financial', reporting_type: reportingTypes.get('Barrier') },
      supports: { category: 'Misc', reporting_type: reportingTypes.get('Support') },
      trainings: { certificate: false, reporting_type: reportingTypes.get('Training') },
    }[kind],
    description: 'In English',
    disabled: false,
    ...patch,
  });

  it.each(KINDS)('%s: saves, keeps when left out, clears when empty, refuses too long', async (kind) => {
    const name = uniqueName('Frenched');
    const created = await t.call('POST', `/api/${kind}`, {
      as: 'admin',
      body: body(kind, { name, name_fr: ' Traduit ', description_fr: 'En français' }),
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json).toMatchObject({ name, name_fr: 'Traduit', description_fr: 'En français' });
    const id = created.json[`${kind.slice(0, -1)}_id`] as number;

    // A save that leaves the French out (an older screen, a script) keeps it.
    const kept = await t.call('PUT', `/api/${kind}/${id}`, {
      as: 'admin',
      body: body(kind, { name, description: 'Changed' }),
    });
    expect(kept.status, kept.body).toBe(200);
    expect(kept.json).toMatchObject({
      description: 'Changed',
      name_fr: 'Traduit',
      description_fr: 'En français',
    });

    const cleared = await t.call('PUT', `/api/${kind}/${id}`, {
      as: 'admin',
      body: body(kind, { name, name_fr: '', description_fr: null }),
    });
    expect(cleared.status, cleared.body).toBe(200);
    expect(cleared.json).toMatchObject({ name_fr: null, description_fr: null });

    const long = await t.call('PUT', `/api/${kind}/${id}`, {
      as: 'admin',
      body: body(kind, { name, name_fr: 'é'.repeat(65), description_fr: 'x'.repeat(351) }),
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.json.error.fields).sort()).toEqual(['description_fr', 'name_fr']);
    const stored = await t.call('GET', `/api/${kind}/${id}`, { as: 'coordinator' });
    expect(stored.json).toMatchObject({ name_fr: null, description_fr: null });
  });

  it("names the 'Other' item in French although its English name stays", async () => {
    const list = (await t.call('GET', '/api/supports', { as: 'admin' })).json as Array<Record<string, any>>;
    const other = list.find((x) => x.is_other)!;
    expect(other.name_fr).toBe('Autre');
    const res = await t.call('PUT', `/api/supports/${other.support_id}`, {
      as: 'admin',
      body: body('supports', {
        name: other.name,
        description: other.description,
        reporting_type: other.reporting_type,
        name_fr: 'Autre soutien',
      }),
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ name: other.name, name_fr: 'Autre soutien' });
  });

  it('leaves the French to Admins, as the rest of the item', async () => {
    const res = await t.call('POST', '/api/barriers', {
      as: 'coordinator',
      body: body('barriers', { name: uniqueName('Nope'), name_fr: 'Non' }),
    });
    expect(res.status).toBe(403);
  });
});
