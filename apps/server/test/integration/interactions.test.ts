import { todayIso } from '@cairn/shared/dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDerivedColumns } from '../../src/db/client-row.ts';
import { clients } from '../../src/db/schema/clients.ts';
import { clientInteractions } from '../../src/db/schema/interactions.ts';
import { expectForbidden, expectSignInRequired, type RouteCall } from '../helpers/access.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let ownClient: number;
let otherClient: number;
beforeAll(async () => {
  t = await createTestApp();
  ownClient = await insertClient(t.demo.coordinator.centreId!, 'Émilie', 'Gagnon');
  otherClient = await insertClient(t.demo.coordinator2.centreId!, 'Joseph', 'Cardinal');
});
afterAll(() => t.close());

/** A client row written directly, with its derived columns computed as the app computes them. */
async function insertClient(centreId: number, firstName: string, lastName: string): Promise<number> {
  const answers = {
    first_name: firstName,
    last_name: lastName,
    citizenship: 'Canadian citizen',
    disability: 'No',
    highest_education: 'Highschool diploma',
    indigenous: 'No',
  };
  const [row] = await t.db
    .insert(clients)
    .values({
      centreId,
      firstName,
      lastName,
      citizenship: answers.citizenship,
      disability: answers.disability,
      highestEducation: answers.highest_education,
      indigenous: answers.indigenous,
      consent: true,
      ...clientDerivedColumns(answers, t.clientCrypto),
    })
    .returning({ clientId: clients.clientId });
  return row!.clientId;
}

function daysAgo(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return todayIso(d);
}

const TYPE_NAMES = [
  'In person',
  'Phone call',
  'Email',
  'Text message',
  'Video call',
  'Workshop',
  'Home or community visit',
];
/** The same in French (issue 34, migration 0046). */
const TYPE_NAMES_FR = [
  'En personne',
  'Appel téléphonique',
  'Courriel',
  'Message texte',
  'Appel vidéo',
  'Atelier',
  'Visite à domicile ou dans la communauté',
];

function totals(sums: Array<{ interaction_id: number; total: number }>): Record<number, number> {
  return Object.fromEntries(sums.map((s) => [s.interaction_id, s.total]));
}

describe('interactions: who may call what', () => {
  const record = [{ interaction_id: 1, date: daysAgo(1), count: 1 }];
  const calls = (): RouteCall[] => [
    { method: 'GET', url: '/api/interactions' },
    { method: 'GET', url: `/api/clients/${ownClient}/interactions` },
    { method: 'PUT', url: `/api/clients/${ownClient}/interactions`, body: record },
  ];

  it('answers 401 without a token', async () => {
    await expectSignInRequired(t, calls());
  });

  it('answers 403 to a Reporter and stores nothing', async () => {
    await expectForbidden(t, 'reporter', calls());
    const stored = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(clientInteractions)
      .where(eq(clientInteractions.clientId, ownClient));
    expect(stored[0]!.n).toBe(0);
  });

  it('answers 403 to a Reporter before looking at the input', async () => {
    const res = await t.call('PUT', `/api/clients/${ownClient}/interactions`, {
      as: 'reporter',
      body: [{ interaction_id: 1, date: daysAgo(-3), count: 100 }],
    });
    expect(res.status).toBe(403);
    expect(res.json.error.fields).toBeUndefined();
  });

  it("answers 404 for another centre's client, reading or recording, and stores nothing", async () => {
    const read = await t.call('GET', `/api/clients/${otherClient}/interactions`, { as: 'coordinator' });
    expect(read.status).toBe(404);
    expect(read.json.error.code).toBe('not_found');
    const write = await t.call('PUT', `/api/clients/${otherClient}/interactions`, {
      as: 'coordinator',
      body: record,
    });
    expect(write.status).toBe(404);
    const stored = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(clientInteractions)
      .where(eq(clientInteractions.clientId, otherClient));
    expect(stored[0]!.n).toBe(0);
  });

  it('answers 404 for a client that does not exist', async () => {
    for (const as of ['admin', 'coordinator'] as const) {
      expect((await t.call('GET', '/api/clients/999999/interactions', { as })).status).toBe(404);
      const put = await t.call('PUT', '/api/clients/999999/interactions', { as, body: record });
      expect(put.status).toBe(404);
    }
  });

  it.each(['admin', 'coordinator', 'coordinator2'] as DemoUserKey[])(
    '%s lists the interaction types in their order',
    async (as) => {
      const res = await t.call('GET', '/api/interactions', { as });
      expect(res.status).toBe(200);
      expect(res.json.map((x: { name: string }) => x.name)).toEqual(TYPE_NAMES);
      expect(res.json[0]).toEqual({ interaction_id: 1, name: 'In person', name_fr: 'En personne' });
    },
  );

  it("lets an Admin read and record any centre's client", async () => {
    const res = await t.call('PUT', `/api/clients/${otherClient}/interactions`, {
      as: 'admin',
      body: [{ interaction_id: 3, date: daysAgo(2), count: 2 }],
    });
    expect(res.status).toBe(200);
    expect(totals(res.json)[3]).toBe(2);
    const mine = await t.call('GET', `/api/clients/${otherClient}/interactions`, { as: 'coordinator2' });
    expect(mine.status).toBe(200);
    expect(totals(mine.json)[3]).toBe(2);
  });
});

describe('interactions: bad input', () => {
  async function put(body: unknown) {
    return t.call('PUT', `/api/clients/${ownClient}/interactions`, { as: 'coordinator', body });
  }

  it.each([
    [100, 'must be between 0 and 99'],
    [-1, 'must be between 0 and 99'],
    [1.5, 'must be a whole number'],
    ['abc', 'must be a whole number'],
  ])('refuses count %j with %j', async (count, message) => {
    const res = await put([{ interaction_id: 1, date: daysAgo(0), count }]);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields['0.count']).toBe(message);
  });

  it('refuses a date in the future with "Date can\'t be in the future"', async () => {
    const res = await put([{ interaction_id: 1, date: daysAgo(-2), count: 1 }]);
    expect(res.status).toBe(400);
    expect(res.json.error.fields['0.date']).toBe("Date can't be in the future");
  });

  it.each([
    ['', 'This field is required'],
    [undefined, 'This field is required'],
    ['2024-02-30', 'must be a valid date'],
    ['12/01/2024', 'must be a valid date'],
  ])('refuses date %j with %j', async (date, message) => {
    const res = await put([{ interaction_id: 1, date, count: 1 }]);
    expect(res.status).toBe(400);
    expect(res.json.error.fields['0.date']).toBe(message);
  });

  it('refuses an unknown interaction type, naming the record', async () => {
    const res = await put([
      { interaction_id: 1, date: daysAgo(0), count: 1 },
      { interaction_id: 4242, date: daysAgo(0), count: 1 },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ '1.interaction_id': 'must be one of the listed answers' });
  });

  it('stores nothing of a refused batch', async () => {
    const before = await t.call('GET', `/api/clients/${ownClient}/interactions`, { as: 'coordinator' });
    await put([
      { interaction_id: 2, date: daysAgo(0), count: 5 },
      { interaction_id: 2, date: daysAgo(0), count: 100 },
    ]);
    await put([
      { interaction_id: 2, date: daysAgo(0), count: 5 },
      { interaction_id: 99, date: daysAgo(0), count: 1 },
    ]);
    const after = await t.call('GET', `/api/clients/${ownClient}/interactions`, { as: 'coordinator' });
    expect(after.json).toEqual(before.json);
  });

  it('refuses a body that is not a list', async () => {
    const res = await put({ interaction_id: 1, date: daysAgo(0), count: 1 });
    expect(res.status).toBe(400);
  });
});

describe('interactions: recording and sums', () => {
  let client: number;
  beforeAll(async () => {
    client = await insertClient(t.demo.coordinator.centreId!, 'Tanis', 'Whitehorse');
  });

  it('answers every type with 0 for a client without interactions', async () => {
    const res = await t.call('GET', `/api/clients/${client}/interactions`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(
      TYPE_NAMES.map((name, i) => ({ interaction_id: i + 1, name, name_fr: TYPE_NAMES_FR[i], total: 0 })),
    );
  });

  it('appends records and answers the new sums; zero counts are accepted and not stored', async () => {
    const [before] = await t.db
      .select({ updatedAt: clients.updatedAt })
      .from(clients)
      .where(eq(clients.clientId, client));
    const first = await t.call('PUT', `/api/clients/${client}/interactions`, {
      as: 'coordinator',
      body: [
        { interaction_id: 1, date: daysAgo(3), count: 2 },
        { interaction_id: 2, date: daysAgo(3), count: 0 },
        { interaction_id: 6, date: daysAgo(3), count: 99 },
      ],
    });
    expect(first.status).toBe(200);
    expect(totals(first.json)).toEqual({ 1: 2, 2: 0, 3: 0, 4: 0, 5: 0, 6: 99, 7: 0 });

    // The form sends text; the same day again adds to the history rather than replacing it.
    const second = await t.call('PUT', `/api/clients/${client}/interactions`, {
      as: 'coordinator',
      body: [
        { interaction_id: '1', date: daysAgo(3), count: '3' },
        { interaction_id: 6, date: todayIso(), count: 99 },
      ],
    });
    expect(second.status).toBe(200);
    expect(totals(second.json)).toEqual({ 1: 5, 2: 0, 3: 0, 4: 0, 5: 0, 6: 198, 7: 0 });

    const read = await t.call('GET', `/api/clients/${client}/interactions`, { as: 'admin' });
    expect(read.json).toEqual(second.json);

    const rows = await t.db
      .select({
        interactionId: clientInteractions.interactionId,
        date: clientInteractions.date,
        count: clientInteractions.count,
        createdBy: clientInteractions.createdBy,
      })
      .from(clientInteractions)
      .where(eq(clientInteractions.clientId, client))
      .orderBy(clientInteractions.id);
    expect(rows).toEqual([
      { interactionId: 1, date: daysAgo(3), count: 2, createdBy: t.demo.coordinator.userId },
      { interactionId: 6, date: daysAgo(3), count: 99, createdBy: t.demo.coordinator.userId },
      { interactionId: 1, date: daysAgo(3), count: 3, createdBy: t.demo.coordinator.userId },
      { interactionId: 6, date: todayIso(), count: 99, createdBy: t.demo.coordinator.userId },
    ]);

    const [after] = await t.db
      .select({ updatedAt: clients.updatedAt })
      .from(clients)
      .where(eq(clients.clientId, client));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
  });

  it('accepts a batch of only zeros and an empty batch, storing nothing', async () => {
    const before = await t.call('GET', `/api/clients/${client}/interactions`, { as: 'coordinator' });
    for (const body of [[{ interaction_id: 4, date: daysAgo(1), count: 0 }], []]) {
      const res = await t.call('PUT', `/api/clients/${client}/interactions`, { as: 'coordinator', body });
      expect(res.status).toBe(200);
      expect(res.json).toEqual(before.json);
    }
  });

  it("keeps each client's sums apart", async () => {
    const res = await t.call('GET', `/api/clients/${ownClient}/interactions`, { as: 'coordinator' });
    expect(totals(res.json)[6]).toBe(0);
  });
});
