import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../helpers/access.ts';
import { catalogueItems, createPlan, freshPlan } from '../helpers/plans.ts';
import { createClient } from '../helpers/clients.ts';
import { uniqueName } from '../helpers/groups.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** A reporting type of each kind, by category. */
const types = new Map<string, number>();
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('GET', '/api/reporting/types', { as: 'admin' });
  for (const type of res.json as Array<{ reporting_type_id: number; category: string }>) {
    if (!types.has(type.category)) types.set(type.category, type.reporting_type_id);
  }
});
afterAll(() => t.close());

type Kind = 'barriers' | 'supports' | 'trainings';
const idKey = (kind: Kind) => `${kind.slice(0, -1)}_id`;

/** A valid body of each kind, with a name of its own. */
function body(kind: Kind, patch: Record<string, unknown> = {}) {
  const name = uniqueName('Mapped');
  const base = {
    barriers: { name, description: null, category: 'Financial', reporting_type: types.get('Barrier') },
    supports: { name, description: 'Help', category: 'Misc', reporting_type: types.get('Support') },
    trainings: { name, description: null, certificate: true, reporting_type: types.get('Training') },
  }[kind];
  return { ...base, disabled: false, ...patch };
}

async function create(kind: Kind, patch: Record<string, unknown> = {}) {
  const res = await t.call('POST', `/api/${kind}`, { as: 'admin', body: body(kind, patch) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Record<string, any>;
}

function save(kind: Kind, item: Record<string, any>, patch: Record<string, unknown>) {
  const { [idKey(kind)]: id, reporting_type_name: _n, is_other: _o, ...fields } = item;
  return t.call('PUT', `/api/${kind}/${id}`, { as: 'admin', body: { ...fields, ...patch } });
}

const listNames = async (kind: Kind, disabled = false) =>
  (
    (await t.call('GET', `/api/${kind}${disabled ? '?disabled=true' : ''}`, { as: 'coordinator' }))
      .json as any[]
  ).map((i) => i.name);

describe.each(['barriers', 'supports', 'trainings'] as const)('%s: who may write', (kind) => {
  it('answers 401 without a token, 403 to a Coordinator and a Reporter before reading the body', async () => {
    const item = await create(kind);
    const calls = (b: unknown) => [
      { method: 'POST' as const, url: `/api/${kind}`, body: b },
      { method: 'PUT' as const, url: `/api/${kind}/${item[idKey(kind)]}`, body: b },
    ];
    await expectSignInRequired(t, calls(body(kind)));
    await expectForbidden(t, 'coordinator', calls({ name: '' }));
    await expectForbidden(t, 'reporter', calls({ name: '' }));
    expect((await t.call('GET', `/api/${kind}/${item[idKey(kind)]}`, { as: 'admin' })).json.name).toBe(
      item.name,
    );
  });

  it('creates and updates as an Admin, answering the item', async () => {
    const item = await create(kind, { description: '  ' });
    expect(item).toMatchObject({ disabled: false, is_other: false, description: null });
    expect(item.reporting_type_name).toEqual(expect.any(String));
    const res = await save(kind, item, { name: `${item.name} renamed`, description: 'Now described' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: `${item.name} renamed`, description: 'Now described' });
    expect((await t.call('GET', `/api/${kind}/${item[idKey(kind)]}`, { as: 'reporter' })).json).toEqual(
      res.json,
    );
  });

  it('answers 404 for an item that does not exist', async () => {
    const res = await t.call('PUT', `/api/${kind}/2147483000`, { as: 'admin', body: body(kind) });
    expect(res.status).toBe(404);
  });
});

describe('validation, with the spec’s messages', () => {
  it.each([
    ['barriers', { name: '' }, 'name', 'This field is required'],
    ['supports', { name: 'x'.repeat(65) }, 'name', 'must be less than 64 characters'],
    ['trainings', { description: 'd'.repeat(351) }, 'description', 'must be less than 350 characters'],
    ['barriers', { category: '' }, 'category', 'This field is required'],
    ['barriers', { category: 'Misc' }, 'category', 'must be one of the listed answers'],
    ['supports', { category: null }, 'category', 'This field is required'],
    ['supports', { category: 'Health' }, 'category', 'must be one of the listed answers'],
    ['supports', { reporting_type: null }, 'reporting_type', 'This field is required'],
    ['trainings', { reporting_type: undefined }, 'reporting_type', 'This field is required'],
  ] as const)('%s %j: 400 on %s', async (kind, patch, field, message) => {
    const res = await t.call('POST', `/api/${kind}`, { as: 'admin', body: body(kind, patch) });
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
  });

  it('refuses a reporting type of another kind, or one that does not exist', async () => {
    for (const reporting_type of [types.get('Barrier'), 2147480000]) {
      const res = await t.call('POST', '/api/supports', {
        as: 'admin',
        body: body('supports', { reporting_type }),
      });
      expect(res.status).toBe(400);
      expect(res.json.error.fields.reporting_type).toBe('must be one of the listed answers');
    }
  });

  it("saves a training's noc as false whatever is sent (spec §3)", async () => {
    const item = await create('trainings', { noc: true });
    expect(item.noc).toBe(false);
    expect(item.certificate).toBe(true);
  });

  it('takes a barrier without a mapping', async () => {
    const item = await create('barriers', { reporting_type: null });
    expect(item).toMatchObject({ reporting_type: null, reporting_type_name: null });
  });
});

describe('names', () => {
  it('answers 409 to a second active item of the same name, whatever its case', async () => {
    const item = await create('supports');
    const res = await t.call('POST', '/api/supports', {
      as: 'admin',
      body: body('supports', { name: item.name.toUpperCase() }),
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: 'catalogue_name_taken',
      message: 'Another active item of this list already has this name.',
    });
    const other = await create('supports');
    expect((await save('supports', other, { name: item.name })).status).toBe(409);
  });

  it("lets a new item take a disabled one's name, and refuses to restore that one then", async () => {
    const old = await create('trainings');
    expect((await save('trainings', old, { disabled: true })).status).toBe(200);
    const fresh = await create('trainings', { name: old.name });
    expect(fresh.name).toBe(old.name);
    expect((await save('trainings', { ...old, disabled: true }, { disabled: false })).status).toBe(409);
  });
});

describe('disable and restore', () => {
  it('move an item between the active and the disabled lists', async () => {
    const item = await create('supports');
    const disabled = await save('supports', item, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.json.disabled).toBe(true);
    expect(await listNames('supports')).not.toContain(item.name);
    expect(await listNames('supports', true)).toContain(item.name);
    expect(
      (await t.call('GET', `/api/supports/${item.support_id}`, { as: 'coordinator' })).json.disabled,
    ).toBe(true);
    expect((await save('supports', disabled.json, { disabled: false })).json.disabled).toBe(false);
    expect(await listNames('supports')).toContain(item.name);
    expect(await listNames('supports', true)).not.toContain(item.name);
  });

  it.each([
    ['barriers', 'The barrier is missing a mapping.'],
    ['supports', 'The support is missing a mapping.'],
    ['trainings', 'The training is missing a mapping.'],
  ] as const)('refuses to disable a %s without a mapping: %s', async (kind, message) => {
    // A barrier may be kept without a mapping; a support or training can lose it only by a
    // disable, which is what is refused.
    const item = kind === 'barriers' ? await create(kind, { reporting_type: null }) : await create(kind);
    const res = await save(kind, item, { disabled: true, reporting_type: null });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: `${kind.slice(0, -1)}_missing_mapping`, message });
    expect((await t.call('GET', `/api/${kind}/${item[idKey(kind)]}`, { as: 'admin' })).json).toEqual(item);
  });

  it('keeps a disabled support on the plans that have it, and refuses it on a new one', async () => {
    const item = await create('supports');
    const plan = await freshPlan(t, { last_name: uniqueName('Kept') });
    const put = (planId: number) =>
      t.call('PUT', `/api/plans/${planId}/supports`, {
        as: 'coordinator',
        body: [{ support_id: item.support_id }],
      });
    expect((await put(plan.plan_id)).status).toBe(200);
    await save('supports', item, { disabled: true });
    const onPlan = await t.call('GET', `/api/plans/${plan.plan_id}/supports`, { as: 'coordinator' });
    expect(onPlan.json).toEqual([expect.objectContaining({ support_id: item.support_id, disabled: true })]);
    expect((await put(plan.plan_id)).status).toBe(200);
    const other = await createPlan(
      t,
      'coordinator',
      (await createClient(t, 'coordinator', { last_name: uniqueName('New') })).client_id,
    );
    const refused = await put(other.plan_id);
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields['0.support_id']).toBe('must be one of the listed answers');
  });

  it('shows a rename on every plan that has the item', async () => {
    const item = await create('barriers');
    const client = await createClient(t, 'coordinator', { last_name: uniqueName('Renamed') });
    const plan = await createPlan(t, 'coordinator', client.client_id, {});
    await t.call('PUT', `/api/plans/${plan.plan_id}/barriers`, {
      as: 'coordinator',
      body: [{ barrier_id: item.barrier_id }],
    });
    await save('barriers', item, { name: `${item.name} (new name)` });
    const barriers = await t.call('GET', `/api/plans/${plan.plan_id}/barriers`, { as: 'coordinator' });
    expect(barriers.json.map((b: { name: string }) => b.name)).toEqual([`${item.name} (new name)`]);
  });
});

describe("the 'Other' item", () => {
  it.each(['barriers', 'supports', 'trainings'] as const)(
    '%s: cannot be disabled nor renamed, and may be described',
    async (kind) => {
      const { other } = await catalogueItems(t, kind);
      const item = (await t.call('GET', `/api/${kind}/${other.id}`, { as: 'admin' })).json;
      for (const patch of [{ disabled: true }, { name: 'Something else' }]) {
        const res = await save(kind, item, patch);
        expect(res.status).toBe(400);
        expect(res.json.error.code).toBe('catalogue_other_protected');
      }
      const described = await save(kind, item, { description: 'Anything the list lacks' });
      expect(described.status).toBe(200);
      expect(described.json).toMatchObject({ is_other: true, disabled: false, name: item.name });
    },
  );
});

describe('the list version (ETag)', () => {
  it('answers 304 while nothing changed, and a new version after any save', async () => {
    const first = await t.call('GET', '/api/barriers', { as: 'coordinator' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"barriers-\d+-\d+"$/);
    const same = await t.call('GET', '/api/barriers', { as: 'reporter', headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(same.body).toBe('');
    const disabledList = await t.call('GET', '/api/barriers?disabled=true', {
      as: 'coordinator',
      headers: { 'if-none-match': etag },
    });
    expect(disabledList.status).toBe(200);

    await create('barriers');
    const changed = await t.call('GET', '/api/barriers', {
      as: 'coordinator',
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const item = (changed.json as any[])[0];
    const beforeSave = changed.headers.etag as string;
    await save('barriers', item, { description: 'changed' });
    const afterSave = await t.call('GET', '/api/barriers', {
      as: 'coordinator',
      headers: { 'if-none-match': beforeSave },
    });
    expect(afterSave.status).toBe(200);
    // Another kind's list is not affected.
    const supports = await t.call('GET', '/api/supports', { as: 'coordinator' });
    const again = await t.call('GET', '/api/supports', {
      as: 'coordinator',
      headers: { 'if-none-match': `W/${supports.headers.etag as string}` },
    });
    expect(again.status).toBe(304);
  });
});
