import { todayIso } from '@cairn/shared/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRecords, type ClientRecordKind } from '../../src/modules/access/access.repository.ts';
import { upload } from '../helpers/attachments.ts';
import { freshPlan, outcomeBody } from '../helpers/plans.ts';
import { postCreated } from '../helpers/requests.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** One record of every client-owned kind, all of a client of the first demo centre. */
const ids = {} as Record<ClientRecordKind, number>;
/** Another client of the same centre: the other side of a merge. */
let sameCentreClient: number;

beforeAll(async () => {
  t = await createTestApp();
  const plan = await freshPlan(t, { first_name: 'Access', last_name: 'Layer' });
  ids.client = plan.client_id;
  ids.plan = plan.plan_id;
  const today = todayIso();
  ids.note = (
    await postCreated<{ note_id: number }>(t, 'coordinator', '/api/notes', {
      plan_id: plan.plan_id,
      topic: 'Intro',
      date: today,
      notes: 'First meeting.',
    })
  ).note_id;
  ids.spending = (
    await postCreated<{ spending_id: number }>(t, 'coordinator', '/api/spendings', {
      plan_id: plan.plan_id,
      date: today,
      item: 'Boots',
      value: 120,
    })
  ).spending_id;
  ids.story = (
    await postCreated<{ story_id: number }>(t, 'coordinator', '/api/stories', {
      client_id: plan.client_id,
      date: today,
      writeup: 'Found work.',
    })
  ).story_id;
  ids.outcome = (
    await postCreated<{ outcome_id: number }>(t, 'coordinator', '/api/outcomes', outcomeBody(plan.plan_id))
  ).outcome_id;
  const file = await upload(t, 'coordinator', plan.client_id, { filename: 'cv.txt', content: 'CV' });
  expect(file.status).toBe(201);
  ids.attachment = file.json.attachment_id;
  sameCentreClient = (await freshPlan(t, { first_name: 'Access', last_name: 'Twin' })).client_id;
});
afterAll(() => t.close());

/** A read of each kind through the API, and what each caller gets. */
const reads: Array<[ClientRecordKind, () => string]> = [
  ['client', () => `/api/clients/${ids.client}`],
  ['plan', () => `/api/plans/${ids.plan}`],
  ['note', () => `/api/plans/${ids.plan}/notes`],
  ['spending', () => `/api/plans/${ids.plan}/spendings`],
  ['outcome', () => `/api/plans/${ids.plan}/outcomes`],
  ['story', () => `/api/clients/${ids.client}/stories`],
  ['interaction', () => `/api/clients/${ids.client}/interactions`],
  ['attachment', () => `/api/attachments/${ids.attachment}/content`],
  // What a merge would move: a write's right (cases.write), so a Reporter is refused too.
  ['client', () => `/api/clients/${ids.client}/merge?other_id=${sameCentreClient}`],
];
const EXPECTED: Record<DemoUserKey, number> = {
  admin: 200,
  coordinator: 200,
  coordinator2: 404,
  reporter: 403,
};

describe('the access layer, as a matrix of callers and client-owned records', () => {
  it.each(reads)(
    'reading a %s: Admin and own centre 200, another centre 404, Reporter 403',
    async (_kind, url) => {
      for (const [as, status] of Object.entries(EXPECTED) as Array<[DemoUserKey, number]>) {
        expect((await t.call('GET', url(), { as })).status, as).toBe(status);
      }
    },
  );

  const today = todayIso();
  it.each([
    [
      'note',
      () => `/api/notes/${ids.note}`,
      () => ({ plan_id: ids.plan, topic: 'X', date: today, notes: 'Y' }),
    ],
    [
      'spending',
      () => `/api/spendings/${ids.spending}`,
      () => ({ plan_id: ids.plan, date: today, item: 'X', value: 1 }),
    ],
    [
      'story',
      () => `/api/stories/${ids.story}`,
      () => ({ client_id: ids.client, date: today, writeup: 'X' }),
    ],
  ] as const)('changing a %s of another centre answers 404 and changes nothing', async (kind, url, body) => {
    expect((await t.call('PUT', url(), { as: 'coordinator2', body: body() })).status).toBe(404);
    expect((await t.call('DELETE', url(), { as: 'coordinator2' })).status).toBe(404);
    // The owner still finds it as it was, through the plan's or client's list.
    const list = kind === 'story' ? `/api/clients/${ids.client}/stories` : `/api/plans/${ids.plan}/${kind}s`;
    const after = await t.call('GET', list, { as: 'coordinator' });
    expect(after.status).toBe(200);
    expect(after.json.some((r: Record<string, unknown>) => r[`${kind}_id`] === ids[kind])).toBe(true);
    expect(JSON.stringify(after.json)).not.toContain('"X"');
  });

  it('resolves many records of one kind to their client and centre in one call', async () => {
    const places = await resolveRecords(t.db, 'note', [ids.note, 2147483000]);
    expect([...places.keys()]).toEqual([ids.note]);
    expect(places.get(ids.note)).toEqual({
      id: ids.note,
      clientId: ids.client,
      centreId: t.demo.coordinator.centreId,
      planId: ids.plan,
      // The name the call's audit entry gives a record without a name of its own.
      clientName: 'Access Layer',
    });
    for (const kind of Object.keys(ids) as ClientRecordKind[]) {
      if (kind === 'interaction') continue;
      const place = (await resolveRecords(t.db, kind, [ids[kind]])).get(ids[kind]);
      expect(place?.clientId, kind).toBe(ids.client);
      expect(place?.clientName, kind).toBe('Access Layer');
    }
  });
});

describe('every route checks its right before it reads the input', () => {
  it.each([
    ['reporter', 'POST', '/api/notes'],
    ['reporter', 'POST', '/api/clients'],
    ['reporter', 'POST', '/api/clients/1/merge'],
    ['reporter', 'PUT', '/api/plans/1/barriers'],
    ['coordinator', 'POST', '/api/users'],
    ['coordinator', 'PUT', '/api/users/1'],
    ['coordinator', 'DELETE', '/api/users/not-a-number'],
    ['coordinator', 'POST', '/api/centres'],
    ['coordinator', 'PUT', '/api/centres/1'],
    ['coordinator', 'DELETE', '/api/centres/abc'],
  ] as const)('a %s with a bad body or path on %s %s gets 403, not field errors', async (as, method, url) => {
    const res = await t.call(method, url, { as, body: method === 'DELETE' ? undefined : { first_name: 7 } });
    expect(res.status).toBe(403);
    expect(res.json.error.fields).toBeUndefined();
  });

  it('lets the caller who may through to validation', async () => {
    expect((await t.call('POST', '/api/users', { as: 'admin', body: { first_name: 7 } })).status).toBe(400);
    expect((await t.call('PUT', '/api/centres/1', { as: 'admin', body: {} })).status).toBe(400);
    const own = t.demo.coordinator.userId;
    expect((await t.call('PUT', `/api/users/${own}`, { as: 'coordinator', body: {} })).status).toBe(400);
  });
});
