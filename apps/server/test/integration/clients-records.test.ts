import { todayIso } from '@cairn/shared/dates';
import type { Client } from '@cairn/shared/clients.schemas';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { clients } from '../../src/db/schema/clients.ts';
import { groupClients, groups } from '../../src/db/schema/groups.ts';
import { plans } from '../../src/db/schema/plans.ts';
import { createActorCache } from '../../src/lib/actor-cache.ts';
import { createAccessTokens } from '../../src/lib/access-tokens.ts';
import { createClient, daysFromToday, intake, rawClientRow, whole } from '../helpers/clients.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (as: DemoUserKey | { token: string }, patch: Record<string, unknown> = {}) =>
  createClient(t, as, patch);
const rawRow = (clientId: number) => rawClientRow(t, clientId);

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
