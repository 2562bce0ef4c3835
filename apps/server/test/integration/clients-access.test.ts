import type { Client } from '@cairn/shared/clients.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupClients, groups } from '../../src/db/schema/groups.ts';
import { plans } from '../../src/db/schema/plans.ts';
import { createClient, intake, rawClientRow, whole } from '../helpers/clients.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** A client of the first demo centre, the one `coordinator` and `reporter` belong to. */
let centre1Client: Client;

beforeAll(async () => {
  t = await createTestApp();
  centre1Client = await create('coordinator', { first_name: 'Centre', last_name: 'One', sin: '130692544' });
});
afterAll(() => t.close());

const create = (as: DemoUserKey | { token: string }, patch: Record<string, unknown> = {}) =>
  createClient(t, as, patch);
const rawRow = (clientId: number) => rawClientRow(t, clientId);

describe('clients: who may call what', () => {
  const calls = (id: () => number): Array<[string, () => string, unknown?]> => [
    ['GET', () => '/api/clients'],
    ['GET', () => '/api/clients/minimal?s=centre'],
    ['GET', () => '/api/clients/search/centre'],
    ['POST', () => '/api/clients', intake()],
    ['POST', () => '/api/clients/duplicates', { first_name: 'Centre', last_name: 'One' }],
    ['GET', () => `/api/clients/${id()}`],
    ['PUT', () => `/api/clients/${id()}`, intake()],
    ['DELETE', () => `/api/clients/${id()}`],
    ['POST', () => `/api/clients/${id()}/sin/reveal`],
  ];
  const endpoints = calls(() => centre1Client.client_id);

  it.each(endpoints)('%s %s without a token answers 401', async (method, url, body) => {
    const res = await t.call(method as 'GET', url(), { body });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
  });

  it.each(endpoints)('a Reporter gets 403 on %s %s', async (method, url, body) => {
    const res = await t.call(method as 'GET', url(), { as: 'reporter', body });
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({ code: 'forbidden', message: 'You do not have permission to do this.' });
  });

  it('refuses a Reporter before reading the input: an invalid body still answers 403', async () => {
    const res = await t.call('POST', '/api/clients', { as: 'reporter', body: { sin: 'x' } });
    expect(res.status).toBe(403);
  });

  it('describes every clients call in the OpenAPI document under the clients tag', async () => {
    const paths = (await t.call('GET', '/api/docs/json')).json.paths;
    for (const [method, url] of [
      ['get', '/api/clients'],
      ['get', '/api/clients/minimal'],
      ['get', '/api/clients/search/{text}'],
      ['post', '/api/clients'],
      ['post', '/api/clients/duplicates'],
      ['get', '/api/clients/{id}'],
      ['put', '/api/clients/{id}'],
      ['delete', '/api/clients/{id}'],
      ['post', '/api/clients/{id}/sin/reveal'],
    ] as const) {
      expect(paths[url]?.[method]?.tags, `${method} ${url}`).toEqual(['clients']);
    }
  });

  it('leaves the client untouched when every call is refused', async () => {
    const id = centre1Client.client_id;
    const before = await t.call('GET', `/api/clients/${id}`, { as: 'coordinator' });
    const rowBefore = await rawRow(id);
    for (const [method, url, body] of endpoints) {
      expect((await t.call(method as 'GET', url(), { body })).status).toBe(401);
      expect((await t.call(method as 'GET', url(), { as: 'reporter', body })).status).toBe(403);
    }
    const after = await t.call('GET', `/api/clients/${id}`, { as: 'coordinator' });
    expect(after.status).toBe(200);
    expect(after.json).toEqual(before.json);
    expect(after.json.first_name).toBe('Centre');
    expect(after.json.has_sin).toBe(true);
    expect(await rawRow(id)).toEqual(rowBefore);
  });
});

describe('clients: centre scoping', () => {
  it.each([
    ['GET', undefined],
    ['PUT', 'body'],
    ['DELETE', undefined],
  ] as const)('a Coordinator of another centre gets 404 on %s /clients/{id}', async (method, body) => {
    const res = await t.call(method, `/api/clients/${centre1Client.client_id}`, {
      as: 'coordinator2',
      body: body ? whole(centre1Client, { first_name: 'Changed' }) : undefined,
    });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('not_found');
  });

  it('a Coordinator of another centre gets 404 revealing the SIN', async () => {
    const res = await t.call('POST', `/api/clients/${centre1Client.client_id}/sin/reveal`, {
      as: 'coordinator2',
    });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('130692544');
  });

  it('answers 404 for an unknown client like for another centre’s', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.call(method, '/api/clients/999999', { as: 'admin' });
      expect(res.status).toBe(404);
    }
    const put = await t.call('PUT', '/api/clients/999999', { as: 'admin', body: intake() });
    expect(put.status).toBe(404);
  });

  it('keeps another centre’s client out of the lists, autocompletes and duplicate checks', async () => {
    const list = await t.call('GET', '/api/clients?per_page=100', { as: 'coordinator2' });
    expect(list.json.items.map((c: { client_id: number }) => c.client_id)).not.toContain(
      centre1Client.client_id,
    );
    const searched = await t.call('GET', '/api/clients?s=centre%20one', { as: 'coordinator2' });
    expect(searched.json).toEqual({ items: [], total: 0, total_capped: false });
    const minimal = await t.call('GET', '/api/clients/minimal?s=centre', { as: 'coordinator2' });
    expect(minimal.json).toEqual([]);
    const search = await t.call('GET', '/api/clients/search/centre', { as: 'coordinator2' });
    expect(search.json).toEqual([]);
    const dup = await t.call('POST', '/api/clients/duplicates', {
      as: 'coordinator2',
      body: { sin: '130692544' },
    });
    expect(dup.json).toEqual({ matches: [] });
  });

  it('still lets the own centre and an Admin see it', async () => {
    for (const as of ['coordinator', 'admin'] as const) {
      const res = await t.call('GET', '/api/clients/search/centre%20one', { as });
      expect(res.json.map((c: { client_id: number }) => c.client_id)).toContain(centre1Client.client_id);
    }
  });

  it('refuses an id that is not a number', async () => {
    const res = await t.call('GET', '/api/clients/abc', { as: 'admin' });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toHaveProperty('id');
  });
});

describe('clients: the centre of a new or moved client', () => {
  it('puts a Coordinator’s client in their own centre by default', async () => {
    const c = await create('coordinator2');
    expect(c.centre_id).toBe(t.demo.coordinator2.centreId);
    expect(c.centre_name).toBe('Prairie Pathways Training Centre');
  });

  it('lets a Coordinator name their own centre but refuses another', async () => {
    const own = await create('coordinator', { centre_id: t.demo.coordinator.centreId });
    expect(own.centre_id).toBe(t.demo.coordinator.centreId);
    const res = await t.call('POST', '/api/clients', {
      as: 'coordinator',
      body: intake({ centre_id: t.demo.coordinator2.centreId }),
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({
      code: 'client_centre_forbidden',
      message: 'You can only keep clients in your own centre.',
    });
  });

  it('makes an Admin without a centre pick one', async () => {
    const res = await t.call('POST', '/api/clients', { as: 'admin', body: intake() });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ centre_id: 'This field is required' });
    const c = await create('admin', { centre_id: t.demo.coordinator2.centreId });
    expect(c.centre_id).toBe(t.demo.coordinator2.centreId);
  });

  it('refuses a centre that does not exist', async () => {
    const res = await t.call('POST', '/api/clients', { as: 'admin', body: intake({ centre_id: 987654 }) });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('centre_not_found');
    expect(res.json.error.fields).toEqual({ centre_id: 'The selected centre does not exist.' });
  });

  it('refuses a Coordinator moving a client to another centre, and lets an Admin', async () => {
    const c = await create('coordinator', { first_name: 'Mover' });
    const refused = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: whole(c, { centre_id: t.demo.coordinator2.centreId }),
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('client_centre_forbidden');

    const before = (await t.call('GET', '/api/clients', { as: 'coordinator2' })).json.total;
    const moved = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'admin',
      body: whole(c, { centre_id: t.demo.coordinator2.centreId }),
    });
    expect(moved.status).toBe(200);
    expect(moved.json.centre_name).toBe('Prairie Pathways Training Centre');
    expect((await t.call('GET', '/api/clients', { as: 'coordinator2' })).json.total).toBe(before + 1);
    expect((await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' })).status).toBe(404);
    expect((await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator2' })).status).toBe(200);

    const unknown = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'admin',
      body: whole(c, { centre_id: 987654 }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('centre_not_found');
  });

  it('keeps the stored centre when the update names none', async () => {
    const c = await create('coordinator2');
    const res = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'admin',
      body: whole(c, { centre_id: null, first_name: 'Kept' }),
    });
    expect(res.status).toBe(200);
    expect(res.json.centre_id).toBe(t.demo.coordinator2.centreId);
  });
});

describe('clients: delete', () => {
  it('deletes the client and what hangs on it; a second delete answers 404', async () => {
    const c = await create('coordinator', { first_name: 'Gone' });
    const [g] = await t.db
      .insert(groups)
      .values({ centreId: t.demo.coordinator.centreId, name: 'Doomed' })
      .returning();
    await t.db.insert(groupClients).values({ groupId: g!.groupId, clientId: c.client_id });
    await t.db.insert(plans).values({ clientId: c.client_id, date: '2024-01-01' });
    const before = (await t.call('GET', '/api/clients', { as: 'coordinator' })).json.total;

    const res = await t.call('DELETE', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect((await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' })).status).toBe(404);
    expect((await t.call('DELETE', `/api/clients/${c.client_id}`, { as: 'coordinator' })).status).toBe(404);
    expect(await rawRow(c.client_id)).toBeUndefined();
    expect(await t.db.select().from(plans).where(eq(plans.clientId, c.client_id))).toEqual([]);
    expect(await t.db.select().from(groupClients).where(eq(groupClients.clientId, c.client_id))).toEqual([]);
    expect((await t.call('GET', '/api/clients', { as: 'coordinator' })).json.total).toBe(before - 1);
  });
});
