import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { formBody, userCalls } from '../helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { newUserBody, createUser, read } = userCalls(() => t);

describe('users: validation (spec §5)', () => {
  const createCases: Array<[string, Record<string, unknown>, string, string]> = [
    ['first name missing', { first_name: undefined }, 'first_name', 'This field is required'],
    ['first name blank', { first_name: '  ' }, 'first_name', 'This field is required'],
    [
      'first name over 128',
      { first_name: 'f'.repeat(129) },
      'first_name',
      'must be less than 128 characters',
    ],
    ['last name missing', { last_name: '' }, 'last_name', 'This field is required'],
    ['last name over 128', { last_name: 'l'.repeat(129) }, 'last_name', 'must be less than 128 characters'],
    ['email missing', { email: undefined }, 'email', 'This field is required'],
    ['email not an email', { email: 'not-an-email' }, 'email', 'must be an email'],
    [
      'email over 128',
      { email: `${'e'.repeat(120)}@example.ca` },
      'email',
      'must be less than 128 characters',
    ],
    ['centre missing', { centre: undefined }, 'centre', 'This field is required'],
    ['role missing', { roles: undefined }, 'roles', 'This field is required'],
    ['role list empty', { roles: [] }, 'roles', 'This field is required'],
    ['role unknown', { roles: [{ role_id: 9 }] }, 'roles.0.role_id', 'must be a valid role'],
  ];

  it.each(createCases)('POST: %s answers 400 with the message', async (_label, patch, field, message) => {
    const res = await t.call('POST', '/api/users', { as: 'admin', body: newUserBody(patch) });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields[field]).toBe(message);
  });

  it.each([
    ['first name over 64', { first_name: 'f'.repeat(65) }, 'first_name', 'must be less than 64 characters'],
    ['last name over 64', { last_name: 'l'.repeat(65) }, 'last_name', 'must be less than 64 characters'],
    ['email not an email', { email: 'nobody@' }, 'email', 'must be an email'],
    ['role missing', { roles: undefined }, 'roles', 'This field is required'],
  ] as const)('PUT: %s answers 400 with the message', async (_label, patch, field, message) => {
    const id = t.demo.coordinator2.userId;
    const res = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(await read(id), patch),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
  });

  it('accepts names of 128 characters on create', async () => {
    const { user } = await createUser({ first_name: 'f'.repeat(128) });
    expect(user.first_name).toHaveLength(128);
  });

  it('answers 400 on the centre field when the centre does not exist', async () => {
    const res = await t.call('POST', '/api/users', {
      as: 'admin',
      body: newUserBody({ centre: { centre_id: 999999 } }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.centre).toBe('The selected centre does not exist.');
    const id = t.demo.coordinator2.userId;
    const put = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(await read(id), { centre: { centre_id: 999999 } }),
    });
    expect(put.status).toBe(400);
    expect(put.json.error.fields.centre).toBe('The selected centre does not exist.');
  });
});
