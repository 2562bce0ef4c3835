import type { Client } from '@cairn/shared/clients.schemas';
import { todayIso } from '@cairn/shared/dates';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { clients } from '../../src/db/schema/clients.ts';
import { groupClients, groups } from '../../src/db/schema/groups.ts';
import { plans } from '../../src/db/schema/plans.ts';
import { createActorCache } from '../../src/lib/actor-cache.ts';
import { createAccessTokens } from '../../src/lib/access-tokens.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** A client of the first demo centre, the one `coordinator` and `reporter` belong to. */
let centre1Client: Client;

beforeAll(async () => {
  t = await createTestApp();
  centre1Client = await create('coordinator', { first_name: 'Centre', last_name: 'One', sin: '130692544' });
});
afterAll(() => t.close());

/** A complete intake: nothing missing. */
function intake(patch: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    disability: 'No',
    citizenship: 'Canadian citizen',
    highest_education: 'Highschool diploma',
    indigenous: 'No',
    consent: true,
    ...patch,
  };
}

async function create(as: DemoUserKey | { token: string }, patch: Record<string, unknown> = {}) {
  const who = typeof as === 'string' ? { as } : as;
  const res = await t.call('POST', '/api/clients', { ...who, body: intake(patch) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  expect(res.json.id).toBe(res.json.client.client_id);
  return res.json.client as Client;
}

/** The PUT body that saves `client` back unchanged, with `patch` applied. */
function whole(client: Client, patch: Record<string, unknown> = {}) {
  const {
    client_id: _id,
    full_name: _full,
    has_sin: _has,
    sin_masked: _masked,
    centre_name: _centre,
    groups: _groups,
    plans_count: _plans,
    stories_count: _stories,
    _missing,
    created_at: _created,
    updated_at: _updated,
    ...body
  } = client;
  return { ...body, ...patch };
}

async function rawRow(clientId: number) {
  const [row] = await t.db.select().from(clients).where(eq(clients.clientId, clientId));
  return row;
}

function daysFromToday(days: number) {
  return todayIso(new Date(Date.now() + days * 86_400_000));
}

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

  it('left the client untouched after the refused calls', async () => {
    const res = await t.call('GET', `/api/clients/${centre1Client.client_id}`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json.first_name).toBe('Centre');
    expect(res.json.has_sin).toBe(true);
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
    expect(searched.json).toEqual({ items: [], total: 0 });
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

describe('clients: validation (spec §5)', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['first name missing', { first_name: undefined }, 'first_name', 'This field is required'],
    ['first name blank', { first_name: '   ' }, 'first_name', 'This field is required'],
    ['first name over 64', { first_name: 'f'.repeat(65) }, 'first_name', 'must be less than 64 characters'],
    ['last name empty', { last_name: '' }, 'last_name', 'This field is required'],
    [
      'middle name over 64',
      { middle_name: 'm'.repeat(65) },
      'middle_name',
      'must be less than 64 characters',
    ],
    ['email not an email', { email: 'not-an-email' }, 'email', 'must be an email'],
    ['phone over 32', { phone: '1'.repeat(33) }, 'phone', 'must be less than 32 characters'],
    ['address over 128', { address: 'a'.repeat(129) }, 'address', 'must be less than 128 characters'],
    ['city over 64', { city: 'c'.repeat(65) }, 'city', 'must be less than 64 characters'],
    ['SIN too short', { sin: '12345' }, 'sin', 'must be 9 numbers'],
    ['SIN with a letter', { sin: '13069254x' }, 'sin', 'must be 9 numbers'],
    ['SIN below the range', { sin: '099999999' }, 'sin', 'must be 9 numbers'],
    ['postal code with a space', { postal_code: 'K1A 0B1' }, 'postal_code', 'must not contain any spaces'],
    ['postal code not Canadian', { postal_code: '123456' }, 'postal_code', 'must be a valid postal code'],
    [
      'date of birth tomorrow',
      { date_of_birth: daysFromToday(2) },
      'date_of_birth',
      "Date can't be in the future",
    ],
    ['date of birth not a date', { date_of_birth: '2001-02-30' }, 'date_of_birth', 'must be a valid date'],
    ['dependents not whole', { number_dependents: '2.5' }, 'number_dependents', 'must be a whole number'],
    ['dependents a word', { number_dependents: 'two' }, 'number_dependents', 'must be a whole number'],
    ['disability missing', { disability: undefined }, 'disability', 'This field is required'],
    ['citizenship missing', { citizenship: '' }, 'citizenship', 'This field is required'],
    ['indigenous missing', { indigenous: undefined }, 'indigenous', 'This field is required'],
    ['consent missing', { consent: undefined }, 'consent', 'This field is required'],
    ['consent not given', { consent: false }, 'consent', 'This field is required'],
    ['gender not offered', { gender: 'Unknown' }, 'gender', 'must be one of the listed answers'],
    [
      'language over 64',
      { indigenous: 'Yes', indigenous_language: 'l'.repeat(65) },
      'indigenous_language',
      'must be less than 64 characters',
    ],
  ];

  it.each(cases)('POST: %s answers 400 with the message', async (_label, patch, field, message) => {
    const res = await t.call('POST', '/api/clients', { as: 'coordinator', body: intake(patch) });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields[field]).toBe(message);
  });

  it('PUT checks the same fields (consent aside)', async () => {
    const c = await create('coordinator');
    for (const [patch, field, message] of [
      [{ sin: '12345' }, 'sin', 'must be 9 numbers'],
      [{ postal_code: 'K1A 0B1' }, 'postal_code', 'must not contain any spaces'],
      [{ date_of_birth: daysFromToday(2) }, 'date_of_birth', "Date can't be in the future"],
      [{ first_name: '' }, 'first_name', 'This field is required'],
      [{ number_dependents: 1.5 }, 'number_dependents', 'must be a whole number'],
    ] as const) {
      const res = await t.call('PUT', `/api/clients/${c.client_id}`, {
        as: 'coordinator',
        body: whole(c, patch),
      });
      expect(res.status).toBe(400);
      expect(res.json.error.fields[field]).toBe(message);
    }
  });

  it('never echoes a refused SIN', async () => {
    const res = await t.call('POST', '/api/clients', {
      as: 'coordinator',
      body: intake({ sin: '13069254x' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).not.toContain('13069254');
  });

  it('accepts today as a date of birth and a postal code in lower case', async () => {
    const c = await create('coordinator', { date_of_birth: todayIso(), postal_code: 'p7b1a1' });
    expect(c.date_of_birth).toBe(todayIso());
    expect(c.postal_code).toBe('P7B1A1');
  });
});

describe('clients: save rules (spec §5)', () => {
  const ancestry = {
    status_type: 'Métis',
    nation: 'Red River',
    reserve: 'Off reserve',
    status_number: '1234567890',
    indigenous_language: 'Michif',
  };

  it('keeps the ancestry answers of an Indigenous client', async () => {
    const c = await create('coordinator', { indigenous: 'Yes', ...ancestry });
    expect(c).toMatchObject({ indigenous: 'Yes', ...ancestry });
  });

  it('clears the five ancestry answers when indigenous is No, on create and update', async () => {
    const created = await create('coordinator', { indigenous: 'No', ...ancestry });
    expect(created).toMatchObject({
      status_type: null,
      nation: null,
      reserve: null,
      status_number: null,
      indigenous_language: null,
    });
    const yes = await t.call('PUT', `/api/clients/${created.client_id}`, {
      as: 'coordinator',
      body: whole(created, { indigenous: 'Yes', ...ancestry }),
    });
    expect(yes.json).toMatchObject(ancestry);
    const no = await t.call('PUT', `/api/clients/${created.client_id}`, {
      as: 'coordinator',
      body: whole(yes.json, { indigenous: 'No' }),
    });
    expect(no.json).toMatchObject({
      indigenous: 'No',
      status_type: null,
      nation: null,
      reserve: null,
      status_number: null,
      indigenous_language: null,
    });
    const row = await rawRow(created.client_id);
    expect([row!.statusType, row!.nation, row!.reserve, row!.statusNumber, row!.indigenousLanguage]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('stores empty strings as null', async () => {
    const c = await create('coordinator', {
      middle_name: '',
      email: '',
      phone: '  ',
      address: '',
      city: '',
      province: '',
      postal_code: '',
      sin: '',
      gender: '',
      date_of_birth: '',
      number_dependents: '',
      language_spoken: '',
    });
    const row = await rawRow(c.client_id);
    expect(row).toMatchObject({
      middleName: null,
      email: null,
      phone: null,
      address: null,
      city: null,
      province: null,
      postalCode: null,
      sinEncrypted: null,
      sinHash: null,
      sinLast3: null,
      gender: null,
      dateOfBirth: null,
      numberDependents: null,
      languageSpoken: null,
    });
    expect(c.has_sin).toBe(false);
  });

  it('keeps consent when an update leaves it out, and records who created the client', async () => {
    const c = await create('coordinator');
    const { consent: _consent, ...body } = whole(c, { first_name: 'Renamed' });
    const res = await t.call('PUT', `/api/clients/${c.client_id}`, { as: 'coordinator', body });
    expect(res.status).toBe(200);
    expect(res.json.consent).toBe(true);
    expect(res.json.full_name).toBe('Renamed Lovelace');
    expect((await rawRow(c.client_id))!.createdBy).toBe(t.demo.coordinator.userId);
  });

  it('bumps updated_at on every save', async () => {
    const c = await create('coordinator');
    await t.db
      .update(clients)
      .set({ updatedAt: sql`now() - interval '1 day'` })
      .where(eq(clients.clientId, c.client_id));
    const old = (await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' })).json.updated_at;
    const res = await t.call('PUT', `/api/clients/${c.client_id}`, { as: 'coordinator', body: whole(c) });
    expect(res.json.updated_at > old).toBe(true);
    expect(res.json.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});

describe('clients: the missing-information flag (spec §3)', () => {
  it.each([
    ['complete', {}, false],
    ['highest education missing', { highest_education: null }, true],
    ['indigenous Yes without reserve', { indigenous: 'Yes', reserve: null }, true],
    ['indigenous Yes with reserve', { indigenous: 'Yes', reserve: 'On reserve' }, false],
    ['indigenous No, reserve cleared', { indigenous: 'No', reserve: 'On reserve' }, false],
  ] as const)('%s → %s, in the profile and the list', async (_label, patch, missing) => {
    const c = await create('coordinator', { first_name: 'Flag', ...patch });
    expect(c._missing).toBe(missing);
    const profile = await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect(profile.json._missing).toBe(missing);
    const list = await t.call('GET', '/api/clients?per_page=100', { as: 'coordinator' });
    const item = list.json.items.find((i: { client_id: number }) => i.client_id === c.client_id);
    expect(item._missing).toBe(missing);
  });

  it('follows the client through updates', async () => {
    const c = await create('coordinator', { highest_education: null });
    expect(c._missing).toBe(true);
    const res = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: whole(c, { highest_education: 'None' }),
    });
    expect(res.json._missing).toBe(false);
  });
});

describe('clients: the protected SIN', () => {
  const SIN = '193456787';
  let c: Client;
  beforeAll(async () => {
    c = await create('coordinator', { first_name: 'Sinead', last_name: 'Protected', sin: '193-456-787' });
  });

  it('shows only whether there is one and its last three digits', async () => {
    expect(c.has_sin).toBe(true);
    expect(c.sin_masked).toBe('••• ••• 787');
    expect(c).not.toHaveProperty('sin');
    const profile = await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect(profile.body).not.toContain(SIN);
    expect(profile.json.sin_masked).toBe('••• ••• 787');
  });

  it('is never in a list, an autocomplete or a duplicate answer', async () => {
    for (const url of [
      '/api/clients?per_page=100',
      '/api/clients?s=sinead',
      '/api/clients/minimal?s=sinead',
      '/api/clients/search/sinead',
    ]) {
      const res = await t.call('GET', url, { as: 'coordinator' });
      expect(res.status).toBe(200);
      expect(res.body).toContain('Sinead');
      expect(res.body).not.toContain(SIN);
      const items: Array<Record<string, unknown>> = Array.isArray(res.json) ? res.json : res.json.items;
      for (const item of items) expect(Object.keys(item).filter((k) => /(^|_)sin(_|$)/.test(k))).toEqual([]);
    }
    const dup = await t.call('POST', '/api/clients/duplicates', { as: 'coordinator', body: { sin: SIN } });
    expect(dup.json.matches).toHaveLength(1);
    expect(dup.body).not.toContain(SIN);
  });

  it('is stored encrypted, with a keyed hash and the last three digits', async () => {
    const row = (await rawRow(c.client_id))!;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(SIN);
    expect(row.sinEncrypted).toBeTruthy();
    expect(t.clientCrypto.decrypt(row.sinEncrypted!)).toBe(SIN);
    expect(row.sinHash).toBe(t.clientCrypto.hash(SIN));
    expect(row.sinLast3).toBe('787');
    expect(row.searchText).not.toContain('787');
  });

  it('is revealed on request', async () => {
    const res = await t.call('POST', `/api/clients/${c.client_id}/sin/reveal`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ sin: SIN });
    const admin = await t.call('POST', `/api/clients/${c.client_id}/sin/reveal`, { as: 'admin' });
    expect(admin.json).toEqual({ sin: SIN });
  });

  it('answers 404 to a reveal when the client has none', async () => {
    const none = await create('coordinator');
    const res = await t.call('POST', `/api/clients/${none.client_id}/sin/reveal`, { as: 'coordinator' });
    expect(res.status).toBe(404);
  });

  it('stays when an update leaves it out, changes with a new value and goes with null', async () => {
    const kept = await t.call('PUT', `/api/clients/${c.client_id}`, { as: 'coordinator', body: whole(c) });
    expect(kept.json.sin_masked).toBe('••• ••• 787');
    const reveal = () => t.call('POST', `/api/clients/${c.client_id}/sin/reveal`, { as: 'coordinator' });
    expect((await reveal()).json.sin).toBe(SIN);

    const changed = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: whole(c, { sin: '246813579' }),
    });
    expect(changed.json.sin_masked).toBe('••• ••• 579');
    expect((await reveal()).json.sin).toBe('246813579');
    expect((await rawRow(c.client_id))!.sinHash).toBe(t.clientCrypto.hash('246813579'));

    const cleared = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: whole(c, { sin: null }),
    });
    expect(cleared.json).toMatchObject({ has_sin: false, sin_masked: null });
    expect((await reveal()).status).toBe(404);
    expect(await rawRow(c.client_id)).toMatchObject({ sinEncrypted: null, sinHash: null, sinLast3: null });
  });
});

describe('clients: nothing logged holds a SIN', () => {
  it('logs requests and the reveal audit line without the SIN', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp(
      {
        config: t.config,
        db: t.db,
        dbKind: t.dbKind,
        mailer: { send: async () => {}, close: () => {} },
        tokens: createAccessTokens(t.config.jwtSecret!),
        clientCrypto: t.clientCrypto,
        actors: createActorCache(),
      },
      { loggerInstance: logger, webDistDir: '/nonexistent' },
    );
    try {
      const token = await t.tokenForId(t.demo.coordinator.userId);
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
        app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(body ? { payload: body as object } : {}),
        });
      const created = await call(
        'POST',
        '/api/clients',
        intake({ first_name: 'Logged', sin: '321 654 987' }),
      );
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      expect((await call('POST', '/api/clients', intake({ sin: '32165498x' }))).statusCode).toBe(400);
      expect((await call('POST', '/api/clients/duplicates', { sin: '321654987' })).statusCode).toBe(200);
      expect((await call('GET', `/api/clients/${id}`)).statusCode).toBe(200);
      expect((await call('GET', '/api/clients?s=logged')).statusCode).toBe(200);
      const revealed = await call('POST', `/api/clients/${id}/sin/reveal`);
      expect(revealed.json()).toEqual({ sin: '321654987' });
      const update = whole(created.json().client, { sin: '321654987' });
      expect((await call('PUT', `/api/clients/${id}`, update)).statusCode).toBe(200);

      // The logger did record the calls: an empty log would prove nothing.
      expect(lines.length).toBeGreaterThan(10);
      const all = lines.join('\n');
      for (const form of ['321654987', '321 654 987', '32165498x']) expect(all).not.toContain(form);
      const audit = lines.map((l) => JSON.parse(l)).filter((l) => l.audit === 'client_sin_revealed');
      expect(audit).toEqual([
        expect.objectContaining({ user_id: t.demo.coordinator.userId, client_id: id, level: 30 }),
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('clients: duplicate warning', () => {
  let zoe: Client;
  beforeAll(async () => {
    zoe = await create('coordinator', {
      first_name: 'Zoé',
      last_name: 'Côté-Duval',
      date_of_birth: '1990-04-01',
      sin: '287654321',
    });
  });
  const check = (as: DemoUserKey, body: Record<string, unknown>) =>
    t.call('POST', '/api/clients/duplicates', { as, body });

  it('matches the same name (any case or accents) and date of birth', async () => {
    const res = await check('coordinator', {
      first_name: 'ZOE',
      last_name: 'cote-duval',
      date_of_birth: '1990-04-01',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      matches: [
        {
          client_id: zoe.client_id,
          full_name: 'Zoé Côté-Duval',
          date_of_birth: '1990-04-01',
          reason: 'name_and_birth_date',
        },
      ],
    });
  });

  it('needs both the name and the date of birth', async () => {
    const otherDate = await check('coordinator', {
      first_name: 'Zoé',
      last_name: 'Côté-Duval',
      date_of_birth: '1990-04-02',
    });
    expect(otherDate.json.matches).toEqual([]);
    const noDate = await check('coordinator', { first_name: 'Zoé', last_name: 'Côté-Duval' });
    expect(noDate.json.matches).toEqual([]);
    const otherName = await check('coordinator', {
      first_name: 'Zoey',
      last_name: 'Côté-Duval',
      date_of_birth: '1990-04-01',
    });
    expect(otherName.json.matches).toEqual([]);
  });

  it('matches the same SIN, however it is written', async () => {
    const res = await check('coordinator', { first_name: 'Someone', last_name: 'Else', sin: '287 654 321' });
    expect(res.json.matches).toEqual([expect.objectContaining({ client_id: zoe.client_id, reason: 'sin' })]);
  });

  it('leaves out the client being edited', async () => {
    const res = await check('coordinator', {
      first_name: 'Zoé',
      last_name: 'Côté-Duval',
      date_of_birth: '1990-04-01',
      sin: '287654321',
      exclude_client_id: zoe.client_id,
    });
    expect(res.json.matches).toEqual([]);
  });

  it('only looks within the caller’s centres', async () => {
    const body = { first_name: 'Zoé', last_name: 'Côté-Duval', date_of_birth: '1990-04-01' };
    expect((await check('coordinator2', body)).json.matches).toEqual([]);
    expect((await check('coordinator2', { sin: '287654321' })).json.matches).toEqual([]);
    expect((await check('admin', body)).json.matches).toHaveLength(1);
  });

  it('answers no matches when given nothing to compare, and checks the SIN format', async () => {
    expect((await check('coordinator', {})).json).toEqual({ matches: [] });
    const bad = await check('coordinator', { sin: '123' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.sin).toBe('must be 9 numbers');
  });
});

describe('clients: the profile', () => {
  it('has the centre name, groups newest first, and plan and story counts', async () => {
    const c = await create('coordinator', { first_name: 'Grace', last_name: 'Hopper' });
    const centreId = t.demo.coordinator.centreId!;
    const [older] = await t.db
      .insert(groups)
      .values({ centreId, name: 'Older group', createdAt: sql`now() - interval '2 days'` })
      .returning();
    const [newer] = await t.db.insert(groups).values({ centreId, name: 'Newer group' }).returning();
    await t.db.insert(groupClients).values([
      { groupId: older!.groupId, clientId: c.client_id },
      { groupId: newer!.groupId, clientId: c.client_id },
    ]);
    await t.db.insert(plans).values([
      { clientId: c.client_id, date: '2024-01-01', status: 'Closed' },
      { clientId: c.client_id, date: '2024-06-01', status: 'Open' },
    ]);
    const res = await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      client_id: c.client_id,
      full_name: 'Grace Hopper',
      centre_id: centreId,
      centre_name: 'Northern Lights Employment Centre',
      plans_count: 2,
      stories_count: 0,
      consent: true,
      has_sin: false,
      sin_masked: null,
    });
    expect(res.json.groups).toEqual([
      { group_id: newer!.groupId, name: 'Newer group', created_at: expect.stringMatching(/Z$/) },
      { group_id: older!.groupId, name: 'Older group', created_at: expect.stringMatching(/Z$/) },
    ]);
    expect(new Date(res.json.created_at).toISOString()).toBe(res.json.created_at);
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

describe('clients: list paging, sorting and search', () => {
  /** A Coordinator of a centre of their own, so that the list holds exactly these clients. */
  let who: { token: string };
  let made: Client[];

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
    who = { token: await t.tokenForId(user.json.id) };
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
    ['recent_plan_status', 'false', ['Bruno Young', 'Anna Zimmer', 'Zoé Tremblay', 'Chris Xu', 'Dana Wolfe']],
    ['recent_plan_status', 'true', ['Dana Wolfe', 'Chris Xu', 'Zoé Tremblay', 'Anna Zimmer', 'Bruno Young']],
    // One centre: the ties fall back to the client id.
    ['centre_name', 'false', ['Anna Zimmer', 'Bruno Young', 'Zoé Tremblay', 'Chris Xu', 'Dana Wolfe']],
    ['centre_name', 'true', ['Dana Wolfe', 'Chris Xu', 'Zoé Tremblay', 'Bruno Young', 'Anna Zimmer']],
  ])('sorts by %s (descending: %s)', async (sortBy, desc, expected) => {
    expect(names(await list(`sort_by=${sortBy}&sort_desc=${desc}`))).toEqual(expected);
  });

  it('sorts A to Z when no direction is given for a column other than updated_at', async () => {
    expect(names(await list('sort_by=full_name'))[0]).toBe('Anna Zimmer');
  });

  it('sorts an Admin’s list across centres by centre name, ties by client id', async () => {
    for (const desc of [false, true]) {
      const admin = await t.call('GET', `/api/clients?sort_by=centre_name&sort_desc=${desc}&per_page=100`, {
        as: 'admin',
      });
      const items: Array<{ centre_name: string; client_id: number }> = admin.json.items;
      expect(new Set(items.map((i) => i.centre_name)).size).toBeGreaterThan(1);
      const sign = desc ? -1 : 1;
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1]!, items[i]!];
        const byName = a.centre_name === b.centre_name ? 0 : a.centre_name < b.centre_name ? -1 : 1;
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
    expect(await list('per_page=2&page=4')).toEqual({ items: [], total: 5 });
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
    expect(await list('s=nobody-by-this-name')).toEqual({ items: [], total: 0 });
  });

  it('takes % and _ in a search literally', async () => {
    expect(await list('s=%25')).toEqual({ items: [], total: 0 });
    expect(await list('s=_')).toEqual({ items: [], total: 0 });
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
