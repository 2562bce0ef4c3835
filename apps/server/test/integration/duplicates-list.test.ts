import type { Client } from '@cairn/shared/clients.schemas';
import type { DuplicatePair } from '@cairn/shared/duplicates.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** Pairs of this file: two in the Coordinator's centre, one in the other, one across both. */
let sameName: [Client, Client];
let nickname: [Client, Client];
let otherCentre: [Client, Client];
let acrossCentres: [Client, Client];

beforeAll(async () => {
  t = await createTestApp();
  const centre2 = t.demo.coordinator2.centreId!;
  const make = (as: DemoUserKey, patch: Record<string, unknown>) => createClient(t, as, patch);
  sameName = [
    await make('coordinator', {
      first_name: 'Wilhelmina',
      last_name: 'Quarrington',
      date_of_birth: '1984-06-21',
      email: 'wq@example.ca',
    }),
    await make('coordinator', {
      first_name: 'WILHELMINA',
      last_name: 'Quarrington',
      date_of_birth: '1984-06-21',
      email: 'wq@example.ca',
    }),
  ];
  nickname = [
    await make('coordinator', { first_name: 'William', last_name: 'Zabriskie', date_of_birth: '1979-03-04' }),
    await make('coordinator', { first_name: 'Bill', last_name: 'Zabriskie', date_of_birth: '1979-04-03' }),
  ];
  otherCentre = [
    await make('coordinator2', {
      first_name: 'Élisabeth',
      last_name: 'Ouimet-Paradis',
      date_of_birth: '1991-11-30',
    }),
    await make('coordinator2', {
      first_name: 'Elisabeth',
      last_name: 'Ouimet Paradis',
      date_of_birth: '1991-11-30',
    }),
  ];
  acrossCentres = [
    await make('coordinator', { first_name: 'Torvald', last_name: 'Haugeland', sin: '130692544' }),
    await make('admin', {
      first_name: 'Thorvald',
      last_name: 'Haugland',
      sin: '130 692 544',
      centre_id: centre2,
    }),
  ];
});
afterAll(() => t.close());

const list = (as: DemoUserKey, query = '') => t.call('GET', `/api/clients/duplicates${query}`, { as });
const key = (p: DuplicatePair) => `${p.client.client_id}:${p.other.client_id}`;
const keyOf = ([a, b]: [Client, Client]) => `${a.client_id}:${b.client_id}`;
const ours = (items: DuplicatePair[]) => {
  const mine = new Set([sameName, nickname, otherCentre, acrossCentres].map(keyOf));
  return items.filter((p) => mine.has(key(p)));
};
async function everyPair(as: DemoUserKey, query = ''): Promise<DuplicatePair[]> {
  const res = await list(as, `?per_page=100${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.total).toBeLessThanOrEqual(100);
  return res.json.items as DuplicatePair[];
}

describe('GET /clients/duplicates', () => {
  it('lists an Admin every centre’s likely pairs, best first, with both clients and the reasons', async () => {
    const items = await everyPair('admin');
    const scores = items.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(ours(items).map(key).sort()).toEqual(
      [sameName, nickname, otherCentre, acrossCentres].map(keyOf).sort(),
    );
    const byKey = new Map(items.map((p) => [key(p), p]));
    expect(byKey.get(keyOf(sameName))).toMatchObject({
      score: 1,
      reasons: ['same_name', 'dob_equal', 'same_email'],
      client: {
        client_id: sameName[0].client_id,
        first_name: 'Wilhelmina',
        last_name: 'Quarrington',
        full_name: 'Wilhelmina Quarrington',
        date_of_birth: '1984-06-21',
        centre_id: t.demo.coordinator.centreId,
        centre_name: 'Northern Lights Employment Centre',
      },
      other: { client_id: sameName[1].client_id, first_name: 'WILHELMINA' },
    });
    expect(byKey.get(keyOf(nickname))!.reasons).toEqual(['nickname', 'dob_swapped']);
    expect(byKey.get(keyOf(otherCentre))!.reasons).toEqual(['same_name', 'dob_equal']);
    expect(byKey.get(keyOf(acrossCentres))!.reasons).toEqual(['same_sin', 'name_similar']);
  });

  it('narrows an Admin’s list to one centre: both clients of it', async () => {
    const items = await everyPair('admin', `&centre_id=${t.demo.coordinator2.centreId}`);
    expect(ours(items).map(key)).toEqual([keyOf(otherCentre)]);
    for (const p of items) {
      expect([p.client.centre_id, p.other.centre_id]).toEqual([
        t.demo.coordinator2.centreId,
        t.demo.coordinator2.centreId,
      ]);
    }
  });

  it('lists a Coordinator their own centre’s pairs only, and refuses another centre and a Reporter', async () => {
    const items = await everyPair('coordinator');
    expect(ours(items).map(key).sort()).toEqual([sameName, nickname].map(keyOf).sort());
    const other = await list('coordinator', `?centre_id=${t.demo.coordinator2.centreId}`);
    expect(other.status).toBe(403);
    expect(other.json.error.code).toBe('client_centre_forbidden');
    expect((await list('coordinator', `?centre_id=${t.demo.coordinator.centreId}`)).status).toBe(200);
    expect((await list('reporter')).status).toBe(403);
  });

  it('pages the list: each page is the next part of the same order, with the whole count', async () => {
    const all = await everyPair('admin');
    expect(all.length).toBeGreaterThanOrEqual(4);
    const pages: DuplicatePair[] = [];
    for (let page = 1; page <= all.length; page += 1) {
      const res = await list('admin', `?per_page=1&page=${page}`);
      expect(res.json.total).toBe(all.length);
      pages.push(...(res.json.items as DuplicatePair[]));
    }
    expect(pages.map(key)).toEqual(all.map(key));
    expect((await list('admin', `?per_page=1&page=${all.length + 1}`)).json).toEqual({
      items: [],
      total: all.length,
    });
  });

  it('names both clients of each pair it answered in the audit trail', async () => {
    const { entries } = await entriesOf(t, () => list('coordinator', '?per_page=100'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'read', record_kind: 'client', outcome: 'allowed' });
    const named = (entries[0]!.details as { client_ids?: number[] }).client_ids ?? [];
    expect(named).toEqual(expect.arrayContaining([...sameName, ...nickname].map((c) => c.client_id)));
  });
});

describe('the pairs follow the clients', () => {
  it('drops a pair once a client is changed so they no longer look alike, and finds it again', async () => {
    const [, b] = nickname;
    const put = (patch: Record<string, unknown>) =>
      t.call('PUT', `/api/clients/${b.client_id}`, {
        as: 'coordinator',
        body: { ...b, ...patch, sin: undefined },
      });
    expect((await put({ first_name: 'Margarethe', date_of_birth: '2001-12-25' })).status).toBe(200);
    expect(ours(await everyPair('coordinator')).map(key)).not.toContain(keyOf(nickname));
    expect((await put({ first_name: 'Billy', date_of_birth: '1979-03-04' })).status).toBe(200);
    expect(ours(await everyPair('coordinator')).map(key)).toContain(keyOf(nickname));
  });

  it('drops a merged pair: the other client is gone', async () => {
    const [kept, other] = otherCentre;
    const res = await t.call('POST', `/api/clients/${kept.client_id}/merge`, {
      as: 'coordinator2',
      body: { other_id: other.client_id },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(ours(await everyPair('admin')).map(key)).not.toContain(keyOf(otherCentre));
  });
});

describe('POST /clients/duplicates/dismiss', () => {
  const dismiss = (as: DemoUserKey, body: unknown) =>
    t.call('POST', '/api/clients/duplicates/dismiss', { as, body });

  it('leaves a pair out of the list once dismissed, in either order, and audits it', async () => {
    const [a, b] = sameName;
    const { result, entries } = await entriesOf(t, () =>
      dismiss('coordinator', { client_id: b.client_id, other_id: a.client_id }),
    );
    expect(result.json).toEqual({ ok: true });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', record_kind: 'client', outcome: 'allowed' });
    expect((entries[0]!.details as { client_ids?: number[] }).client_ids?.sort()).toEqual(
      [a.client_id, b.client_id].sort(),
    );
    expect((await dismiss('coordinator', { client_id: a.client_id, other_id: b.client_id })).status).toBe(
      200,
    );
    expect(ours(await everyPair('coordinator')).map(key)).not.toContain(keyOf(sameName));
  });

  it('refuses the same client twice, another centre’s client and a Reporter', async () => {
    const [a] = nickname;
    const self = await dismiss('coordinator', { client_id: a.client_id, other_id: a.client_id });
    expect(self.status).toBe(400);
    expect(self.json.error.code).toBe('duplicate_dismiss_self');
    const [x, y] = acrossCentres;
    expect((await dismiss('coordinator', { client_id: x.client_id, other_id: y.client_id })).status).toBe(
      404,
    );
    expect((await dismiss('reporter', { client_id: x.client_id, other_id: y.client_id })).status).toBe(403);
    expect(ours(await everyPair('admin')).map(key)).toContain(keyOf(acrossCentres));
  });
});
