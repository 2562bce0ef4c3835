import type { Centre } from '@cairn/shared/centres.schemas';
import { ROLE } from '@cairn/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  name: 'Lakeside Learning Centre',
  address: '9 Shore Road',
  city: 'Kenora',
  province: 'MB',
  postal_code: 'r3c4t3',
  phone: '204-555-0100',
  logo: null,
};

let seq = 0;
async function createCentre(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const res = await t.call('POST', '/api/centres', {
    as: 'admin',
    body: { ...valid, name: `Test Centre ${seq}`, ...overrides },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number; centre: Centre };
}

describe('centres: who may call what', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/centres'],
    ['GET', '/api/centres/1'],
    ['POST', '/api/centres', valid],
    ['PUT', '/api/centres/1', valid],
    ['DELETE', '/api/centres/1'],
  ];

  it.each(calls)('%s %s without a token answers 401', async (method, url, body) => {
    const res = await t.call(method as 'GET', url, { body });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
  });

  const managing = calls.filter(([method]) => method !== 'GET');
  const nonAdmins: DemoUserKey[] = ['coordinator', 'reporter'];
  it.each(nonAdmins.flatMap((as) => managing.map(([method, url, body]) => [as, method, url, body] as const)))(
    '%s: %s %s answers 403',
    async (as, method, url, body) => {
      const res = await t.call(method as 'GET', url, { as, body });
      expect(res.status).toBe(403);
      expect(res.json.error).toEqual({
        code: 'forbidden',
        message: 'You do not have permission to do this.',
      });
    },
  );

  it('leaves the centre untouched after refused writes', async () => {
    const res = await t.call('GET', '/api/centres/1', { as: 'admin' });
    expect(res.status).toBe(200);
    expect(res.json.name).toBe('Northern Lights Employment Centre');
  });

  it.each(['admin', 'coordinator', 'coordinator2', 'reporter'] as const)(
    '%s reads the centre list and a centre (report filters need them)',
    async (as) => {
      const list = await t.call('GET', '/api/centres', { as });
      expect(list.status).toBe(200);
      expect(list.json.map((c: { name: string }) => c.name)).toContain('Prairie Pathways Training Centre');
      const one = await t.call('GET', `/api/centres/${t.demo.coordinator2.centreId}`, { as });
      expect(one.status).toBe(200);
      expect(one.json.name).toBe('Prairie Pathways Training Centre');
    },
  );
});

describe('centres: unknown ids', () => {
  it.each([
    ['GET', undefined],
    ['PUT', valid],
    ['DELETE', undefined],
  ] as const)('%s /api/centres/999999 answers 404', async (method, body) => {
    const res = await t.call(method, '/api/centres/999999', { as: 'admin', body });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('not_found');
  });

  it('refuses an id that is not a number', async () => {
    const res = await t.call('GET', '/api/centres/abc', { as: 'admin' });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toHaveProperty('id');
  });
});

describe('centres: validation (spec §5)', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['name missing', { name: undefined }, 'name', 'This field is required'],
    ['name empty', { name: '' }, 'name', 'This field is required'],
    ['name blank', { name: '   ' }, 'name', 'This field is required'],
    ['name over 128', { name: 'n'.repeat(129) }, 'name', 'must be less than 128 characters'],
    ['address over 128', { address: 'a'.repeat(129) }, 'address', 'must be less than 128 characters'],
    ['city over 64', { city: 'c'.repeat(65) }, 'city', 'must be less than 64 characters'],
    ['unknown province', { province: 'XX' }, 'province', 'must be a province or territory'],
    ['postal code with a space', { postal_code: 'R3C 4T3' }, 'postal_code', 'must not contain any spaces'],
    ['postal code of digits', { postal_code: '123456' }, 'postal_code', 'must be a valid postal code'],
    [
      'postal code with a letter never used',
      { postal_code: 'D3C4T3' },
      'postal_code',
      'must be a valid postal code',
    ],
    ['postal code too short', { postal_code: 'R3C4T' }, 'postal_code', 'must be a valid postal code'],
    ['phone missing', { phone: undefined }, 'phone', 'This field is required'],
    ['phone over 15', { phone: '1'.repeat(16) }, 'phone', 'must be less than 15 characters'],
    ['logo of 70000 characters', { logo: 'A'.repeat(70000) }, 'logo', 'Image is too large'],
  ];

  it.each(
    cases.flatMap(([label, patch, field, message]) => [
      ['POST', '/api/centres', label, patch, field, message] as const,
      ['PUT', '/api/centres/2', label, patch, field, message] as const,
    ]),
  )('%s %s: %s answers 400 with the message', async (method, url, _label, patch, field, message) => {
    const res = await t.call(method, url, { as: 'admin', body: { ...valid, ...patch } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields[field]).toBe(message);
  });

  it('accepts every limit exactly', async () => {
    const { centre } = await createCentre({
      name: 'n'.repeat(128),
      address: 'a'.repeat(128),
      city: 'c'.repeat(64),
      phone: '1'.repeat(15),
      logo: `data:image/png;base64,${'A'.repeat(69999 - 'data:image/png;base64,'.length)}`,
    });
    expect(centre.name).toHaveLength(128);
  });

  it('stores empty optional fields as null and the postal code in capitals', async () => {
    const { centre } = await createCentre({ address: '', city: '', province: '', postal_code: '', logo: '' });
    expect(centre).toMatchObject({
      address: null,
      city: null,
      province: null,
      postal_code: null,
      logo: null,
    });
    const withCode = await createCentre({ postal_code: 'r3c4t3' });
    expect(withCode.centre.postal_code).toBe('R3C4T3');
  });
});

describe('centres: create, read, update', () => {
  it('creates a centre, answers 201 with its id, and reads it back', async () => {
    const res = await t.call('POST', '/api/centres', { as: 'admin', body: valid });
    expect(res.status).toBe(201);
    const expected = {
      centre_id: res.json.id,
      name: 'Lakeside Learning Centre',
      address: '9 Shore Road',
      city: 'Kenora',
      province: 'MB',
      postal_code: 'R3C4T3',
      phone: '204-555-0100',
      logo: null,
    };
    expect(res.json).toEqual({ id: expect.any(Number), centre: expected });
    const read = await t.call('GET', `/api/centres/${res.json.id}`, { as: 'coordinator' });
    expect(read.status).toBe(200);
    expect(read.json).toEqual(expected);
  });

  it('updates a centre and answers the centre as stored', async () => {
    const { id } = await createCentre();
    const body = { ...valid, name: 'Renamed Centre', city: 'Brandon', phone: '204-555-0111', address: null };
    const res = await t.call('PUT', `/api/centres/${id}`, { as: 'admin', body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ centre_id: id, name: 'Renamed Centre', city: 'Brandon', address: null });
    const read = await t.call('GET', `/api/centres/${id}`, { as: 'admin' });
    expect(read.json).toEqual(res.json);
  });

  it('lists centres by name, case-insensitively', async () => {
    await createCentre({ name: 'aardvark Centre' });
    await createCentre({ name: 'Zenith Centre' });
    const res = await t.call('GET', '/api/centres', { as: 'reporter' });
    expect(res.status).toBe(200);
    const names: string[] = res.json.map((c: { name: string }) => c.name);
    expect(names[0]).toBe('aardvark Centre');
    expect(names.at(-1)).toBe('Zenith Centre');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe('centres: delete', () => {
  it('refuses to delete a centre that still has users, and keeps it', async () => {
    const centreId = t.demo.coordinator.centreId!;
    const res = await t.call('DELETE', `/api/centres/${centreId}`, { as: 'admin' });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('centre_in_use');
    expect((await t.call('GET', `/api/centres/${centreId}`, { as: 'admin' })).status).toBe(200);
    const coordinator = await t.call('GET', `/api/users/${t.demo.coordinator.userId}`, { as: 'coordinator' });
    expect(coordinator.json.centre.centre_id).toBe(centreId);
  });

  it('deletes a centre nobody uses: 200, then gone from reads and the list', async () => {
    const { id } = await createCentre({ name: 'Short-lived Centre' });
    const res = await t.call('DELETE', `/api/centres/${id}`, { as: 'admin' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect((await t.call('GET', `/api/centres/${id}`, { as: 'admin' })).status).toBe(404);
    const list = await t.call('GET', '/api/centres', { as: 'admin' });
    expect(list.json.map((c: { centre_id: number }) => c.centre_id)).not.toContain(id);
    expect((await t.call('DELETE', `/api/centres/${id}`, { as: 'admin' })).status).toBe(404);
  });

  it('deletes a centre whose only users were deleted', async () => {
    const { id } = await createCentre();
    const created = await t.call('POST', '/api/users', {
      as: 'admin',
      body: {
        first_name: 'Former',
        last_name: 'Staff',
        email: 'former.staff@example.ca',
        centre: { centre_id: id },
        roles: [{ role_id: ROLE.coordinator }],
      },
    });
    expect(created.status).toBe(201);
    expect((await t.call('DELETE', `/api/centres/${id}`, { as: 'admin' })).status).toBe(409);
    expect((await t.call('DELETE', `/api/users/${created.json.id}`, { as: 'admin' })).status).toBe(200);
    const res = await t.call('DELETE', `/api/centres/${id}`, { as: 'admin' });
    expect(res.status).toBe(200);
    expect((await t.call('GET', `/api/centres/${id}`, { as: 'admin' })).status).toBe(404);
  });
});
