import { todayIso } from '@cairn/shared/dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema/clients.ts';
import { createClient, daysFromToday, intake, rawClientRow, whole } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
    const c = await createClient(t, 'coordinator');
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
    const c = await createClient(t, 'coordinator', { date_of_birth: todayIso(), postal_code: 'p7b1a1' });
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
    const c = await createClient(t, 'coordinator', { indigenous: 'Yes', ...ancestry });
    expect(c).toMatchObject({ indigenous: 'Yes', ...ancestry });
  });

  it('clears the five ancestry answers when indigenous is No, on create and update', async () => {
    const created = await createClient(t, 'coordinator', { indigenous: 'No', ...ancestry });
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
    const row = await rawClientRow(t, created.client_id);
    expect([row!.statusType, row!.nation, row!.reserve, row!.statusNumber, row!.indigenousLanguage]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('stores empty strings as null', async () => {
    const c = await createClient(t, 'coordinator', {
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
    const row = await rawClientRow(t, c.client_id);
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
    const c = await createClient(t, 'coordinator');
    const { consent: _consent, ...body } = whole(c, { first_name: 'Renamed' });
    const res = await t.call('PUT', `/api/clients/${c.client_id}`, { as: 'coordinator', body });
    expect(res.status).toBe(200);
    expect(res.json.consent).toBe(true);
    expect(res.json.full_name).toBe('Renamed Lovelace');
    expect((await rawClientRow(t, c.client_id))!.createdBy).toBe(t.demo.coordinator.userId);
  });

  it('bumps updated_at on every save', async () => {
    const c = await createClient(t, 'coordinator');
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
    const c = await createClient(t, 'coordinator', { first_name: 'Flag', ...patch });
    expect(c._missing).toBe(missing);
    const profile = await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect(profile.json._missing).toBe(missing);
    const list = await t.call('GET', '/api/clients?per_page=100', { as: 'coordinator' });
    const item = list.json.items.find((i: { client_id: number }) => i.client_id === c.client_id);
    expect(item._missing).toBe(missing);
  });

  it('follows the client through updates', async () => {
    const c = await createClient(t, 'coordinator', { highest_education: null });
    expect(c._missing).toBe(true);
    const res = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: whole(c, { highest_education: 'None' }),
    });
    expect(res.json._missing).toBe(false);
  });
});
