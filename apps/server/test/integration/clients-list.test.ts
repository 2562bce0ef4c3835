import type { Client } from '@cairn/shared/clients.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema/clients.ts';
import { plans } from '../../src/db/schema/plans.ts';
import { createClient, whole } from '../helpers/clients.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (as: DemoUserKey | { token: string }, patch: Record<string, unknown> = {}) =>
  createClient(t, as, patch);

describe('clients: list paging, sorting and search', () => {
  /** A Coordinator of a centre of their own, so that the list holds exactly these clients. */
  let who: { token: string };
  let made: Client[];
  let listerId: number;

  beforeAll(async () => {
    const centre = await t.call('POST', '/api/centres', {
      as: 'admin',
      body: { name: 'List Test Centre', phone: '204-555-0100' },
    });
    expect(centre.status).toBe(201);
    const user = await t.call('POST', '/api/users', {
      as: 'admin',
      body: {
        first_name: 'Lister',
        last_name: 'Coordinator',
        email: 'lister@example.ca',
        centre: { centre_id: centre.json.id },
        roles: [{ role_id: 2 }],
      },
    });
    expect(user.status).toBe(201);
    listerId = user.json.id;
    who = { token: await t.tokenForId(listerId) };
    made = [];
    const rows: Array<Record<string, unknown>> = [
      { first_name: 'Anna', last_name: 'Zimmer', email: 'anna@example.ca', phone: '807-555-0101' },
      { first_name: 'Bruno', last_name: 'Young', email: null, phone: '807-555-0102' },
      { first_name: 'Zoé', last_name: 'Tremblay', email: 'zoe.t@example.ca', phone: null },
      { first_name: 'Chris', last_name: 'Xu', email: 'chris@example.ca', phone: '807-555-0104' },
      { first_name: 'Dana', last_name: 'Wolfe', email: 'dana@example.ca', phone: '807-555-0105' },
    ];
    for (const row of rows) made.push(await create(who, row));
    await t.db.insert(plans).values([
      { clientId: made[0]!.client_id, date: '2024-01-01', status: 'Open' },
      { clientId: made[1]!.client_id, date: '2024-01-01', status: 'Closed' },
    ]);
    // Distinct, known change times: Anna oldest … Dana newest.
    for (const [i, c] of made.entries()) {
      await t.db
        .update(clients)
        .set({ updatedAt: sql`now() - make_interval(hours => ${10 - i})` })
        .where(eq(clients.clientId, c.client_id));
    }
  });

  const list = async (query: string) => {
    const res = await t.call('GET', `/api/clients?${query}`, { ...who });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as { items: Array<Record<string, any>>; total: number };
  };
  const names = (r: { items: Array<Record<string, any>> }) => r.items.map((i) => i.full_name);

  it('answers the §3 list item, newest change first by default', async () => {
    const res = await list('');
    expect(res.total).toBe(5);
    expect(names(res)).toEqual(['Dana Wolfe', 'Chris Xu', 'Zoé Tremblay', 'Bruno Young', 'Anna Zimmer']);
    expect(res.items.at(-1)).toEqual({
      client_id: made[0]!.client_id,
      full_name: 'Anna Zimmer',
      email: 'anna@example.ca',
      phone: '807-555-0101',
      centre_name: 'List Test Centre',
      // Taken in by the centre's Coordinator, who is its worker (issue 32).
      worker_id: listerId,
      worker_name: 'Lister Coordinator',
      recent_plan_status: 'Open',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      _missing: false,
    });
  });

  it.each([
    ['updated_at', 'true', ['Dana Wolfe', 'Chris Xu', 'Zoé Tremblay', 'Bruno Young', 'Anna Zimmer']],
    ['updated_at', 'false', ['Anna Zimmer', 'Bruno Young', 'Zoé Tremblay', 'Chris Xu', 'Dana Wolfe']],
    ['full_name', 'false', ['Anna Zimmer', 'Bruno Young', 'Chris Xu', 'Dana Wolfe', 'Zoé Tremblay']],
    ['full_name', 'true', ['Zoé Tremblay', 'Dana Wolfe', 'Chris Xu', 'Bruno Young', 'Anna Zimmer']],
    // Clients without an answer come last A to Z, first Z to A.
    ['email', 'false', ['Anna Zimmer', 'Chris Xu', 'Dana Wolfe', 'Zoé Tremblay', 'Bruno Young']],
    ['email', 'true', ['Bruno Young', 'Zoé Tremblay', 'Dana Wolfe', 'Chris Xu', 'Anna Zimmer']],
    ['phone', 'false', ['Anna Zimmer', 'Bruno Young', 'Chris Xu', 'Dana Wolfe', 'Zoé Tremblay']],
    ['phone', 'true', ['Zoé Tremblay', 'Dana Wolfe', 'Chris Xu', 'Bruno Young', 'Anna Zimmer']],
    // Ties (the three without a plan) fall to the name, in the sort's direction.
    ['recent_plan_status', 'false', ['Bruno Young', 'Anna Zimmer', 'Chris Xu', 'Dana Wolfe', 'Zoé Tremblay']],
    ['recent_plan_status', 'true', ['Zoé Tremblay', 'Dana Wolfe', 'Chris Xu', 'Anna Zimmer', 'Bruno Young']],
    // One centre: the ties fall back to the name.
    ['centre_name', 'false', ['Anna Zimmer', 'Bruno Young', 'Chris Xu', 'Dana Wolfe', 'Zoé Tremblay']],
    ['centre_name', 'true', ['Zoé Tremblay', 'Dana Wolfe', 'Chris Xu', 'Bruno Young', 'Anna Zimmer']],
  ])('sorts by %s (descending: %s)', async (sortBy, desc, expected) => {
    expect(names(await list(`sort_by=${sortBy}&sort_desc=${desc}`))).toEqual(expected);
  });

  it('sorts A to Z when no direction is given for a column other than updated_at', async () => {
    expect(names(await list('sort_by=full_name'))[0]).toBe('Anna Zimmer');
  });

  it('sorts an Admin’s list across centres by centre name, ties by client name, then id', async () => {
    // Clients in both demo centres as well as the list test's own.
    await create('coordinator', { last_name: 'Northern' });
    await create('coordinator2', { last_name: 'Prairie' });
    // The name the list sorts on (no case, no accents), as stored.
    const keys = new Map(
      (await t.db.select({ id: clients.clientId, key: clients.nameKey }).from(clients)).map((r) => [
        r.id,
        r.key,
      ]),
    );
    const compare = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);
    for (const desc of [false, true]) {
      const admin = await t.call('GET', `/api/clients?sort_by=centre_name&sort_desc=${desc}&per_page=100`, {
        as: 'admin',
      });
      const items: Array<{ centre_name: string; client_id: number }> = admin.json.items;
      expect(new Set(items.map((i) => i.centre_name)).size).toBeGreaterThan(1);
      const sign = desc ? -1 : 1;
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1]!, items[i]!];
        const byCentre = compare(a.centre_name, b.centre_name);
        expect(byCentre * sign <= 0).toBe(true);
        if (byCentre !== 0) continue;
        const byName = compare(keys.get(a.client_id)!, keys.get(b.client_id)!);
        expect(byName * sign <= 0).toBe(true);
        if (byName === 0) expect((b.client_id - a.client_id) * sign > 0).toBe(true);
      }
    }
  });

  it('pages with a stable order and the same total on every page', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list(`per_page=2&page=${page}&sort_by=full_name`));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.map(names)).toEqual([
      ['Anna Zimmer', 'Bruno Young'],
      ['Chris Xu', 'Dana Wolfe'],
      ['Zoé Tremblay'],
    ]);
    expect(await list('per_page=2&page=4')).toEqual({ items: [], total: 5, total_capped: false });
  });

  it('searches names without regard to accents or case', async () => {
    for (const s of ['Zoe', 'zoé', 'ZOE', 'tremb', 'zoe tremblay']) {
      const res = await list(`s=${encodeURIComponent(s)}`);
      expect(names(res)).toEqual(['Zoé Tremblay']);
      expect(res.total).toBe(1);
    }
  });

  it('searches email and phone, however the phone is written', async () => {
    expect(names(await list('s=chris%40example'))).toEqual(['Chris Xu']);
    expect(names(await list('s=5550104'))).toEqual(['Chris Xu']);
    expect(names(await list(`s=${encodeURIComponent('(807) 555-0104')}`))).toEqual(['Chris Xu']);
    expect(names(await list(`s=${encodeURIComponent('807.555.0105')}`))).toEqual(['Dana Wolfe']);
  });

  it('counts the matches of a search, pages them and sorts them', async () => {
    const res = await list('s=example.ca&per_page=2&sort_by=full_name&sort_desc=true');
    expect(res.total).toBe(4);
    expect(names(res)).toEqual(['Zoé Tremblay', 'Dana Wolfe']);
    expect(await list('s=nobody-by-this-name')).toEqual({ items: [], total: 0, total_capped: false });
  });

  it('takes % and _ in a search literally', async () => {
    expect(await list('s=%25')).toEqual({ items: [], total: 0, total_capped: false });
    expect(await list('s=_')).toEqual({ items: [], total: 0, total_capped: false });
  });

  it('reads the unsearched total from the kept per-centre counts, which match the rows', async () => {
    const admin = await t.call('GET', '/api/clients', { as: 'admin' });
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(clients)) as [{ n: number }];
    expect(admin.json.total).toBe(n);
    const [{ own }] = (await t.db
      .select({ own: sql<number>`count(*)::int` })
      .from(clients)
      .where(eq(clients.centreId, t.demo.coordinator.centreId!))) as [{ own: number }];
    expect((await t.call('GET', '/api/clients', { as: 'coordinator' })).json.total).toBe(own);
  });

  it('refuses a sort it does not know and a page size over 100', async () => {
    const bad = await t.call('GET', '/api/clients?sort_by=sin', { ...who });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toHaveProperty('sort_by');
    expect((await t.call('GET', '/api/clients?per_page=101', { ...who })).status).toBe(400);
  });

  it('answers any page a national host can have, and refuses one past the bound', async () => {
    // 3,000,000 clients are 120,001 pages of 25: a page past 100,000 is a real page there.
    const deep = await t.call('GET', '/api/clients?page=120001', { ...who });
    expect(deep.status).toBe(200);
    expect(deep.json.items).toEqual([]);
    expect(deep.json.total).toBe((await list('')).total);
    const past = await t.call('GET', '/api/clients?page=10000001', { ...who });
    expect(past.status).toBe(400);
    expect(past.json.error.fields).toHaveProperty('page');
  });

  it('moves a client to the top of the default list when it is saved', async () => {
    const anna = made[0]!;
    const res = await t.call('PUT', `/api/clients/${anna.client_id}`, { ...who, body: whole(anna) });
    expect(res.status).toBe(200);
    expect(names(await list('per_page=1'))).toEqual(['Anna Zimmer']);
  });

  describe('the minimal list for autocompletes', () => {
    it('answers id, name as title and date of birth, most recently updated first', async () => {
      const res = await t.call('GET', '/api/clients/minimal?limit=2', { ...who });
      expect(res.status).toBe(200);
      // Anna was saved last (above), then Dana is the newest change.
      expect(res.json).toEqual([
        { client_id: made[0]!.client_id, title: 'Anna Zimmer', date_of_birth: null },
        { client_id: made[4]!.client_id, title: 'Dana Wolfe', date_of_birth: null },
      ]);
    });

    it('finds by name before other matches, and /clients/search/{text} answers the same', async () => {
      const extra = await create(who, {
        first_name: 'Ina',
        last_name: 'Walker',
        email: 'zoe-fan@example.ca',
      });
      const res = await t.call('GET', '/api/clients/minimal?s=zoe', { ...who });
      expect(res.json.map((o: { title: string }) => o.title)).toEqual(['Zoé Tremblay', 'Ina Walker']);
      const same = await t.call('GET', '/api/clients/search/zoe', { ...who });
      expect(same.json).toEqual(res.json);
      await t.call('DELETE', `/api/clients/${extra.client_id}`, { ...who });
    });

    it('keeps to the limit, at most 50', async () => {
      const res = await t.call('GET', '/api/clients/minimal?s=example&limit=1', { ...who });
      expect(res.json).toHaveLength(1);
      const tooMany = await t.call('GET', '/api/clients/minimal?limit=51', { ...who });
      expect(tooMany.status).toBe(400);
      expect(tooMany.json.error.fields).toHaveProperty('limit');
    });
  });
});

describe('clients: sorting by name ignores case and accents', () => {
  it('puts Émilie between Emma and Eric, and Ann before Anna', async () => {
    const tag = `sortcheck${Date.now()}`;
    for (const [first, last] of [
      ['wei', 'Chen'],
      ['Émilie', 'Gagnon'],
      ['Eric', 'Roy'],
      ['Emma', 'Fraser'],
      ['Anna', 'Jones'],
      ['Ann', 'Smith'],
    ] as const) {
      await create('coordinator', { first_name: first, last_name: last, email: `${last}.${tag}@example.ca` });
    }
    const res = await t.call('GET', `/api/clients?s=${tag}&sort_by=full_name&sort_desc=false`, {
      as: 'coordinator',
    });
    expect(res.json.items.map((i: { full_name: string }) => i.full_name)).toEqual([
      'Ann Smith',
      'Anna Jones',
      'Émilie Gagnon',
      'Emma Fraser',
      'Eric Roy',
      'wei Chen',
    ]);
  });
});

describe('clients: the search follows every change', () => {
  it('finds a client by a new name at once, not by the old one, and not after deletion', async () => {
    const tag = `follow${Date.now()}`;
    const client = await create('coordinator', { first_name: 'Before', last_name: tag });
    const search = async (s: string) =>
      (await t.call('GET', `/api/clients?s=${encodeURIComponent(s)}`, { as: 'coordinator' })).json.items.map(
        (i: { client_id: number }) => i.client_id,
      );
    expect(await search(`before ${tag}`)).toEqual([client.client_id]);

    const renamed = await t.call('PUT', `/api/clients/${client.client_id}`, {
      as: 'coordinator',
      body: whole(client, { first_name: 'Après' }),
    });
    expect(renamed.status).toBe(200);
    expect(await search(`apres ${tag}`)).toEqual([client.client_id]);
    expect(await search(`before ${tag}`)).toEqual([]);

    expect((await t.call('DELETE', `/api/clients/${client.client_id}`, { as: 'coordinator' })).status).toBe(
      200,
    );
    expect(await search(tag)).toEqual([]);
  });
});
