import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';
import { formBody, userCalls } from '../helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { newUserBody, createUser, read } = userCalls(() => t);

describe('users: who may call what', () => {
  it.each([
    ['GET', '/api/users'],
    ['GET', '/api/users/1'],
    ['POST', '/api/users'],
    ['PUT', '/api/users/1'],
    ['DELETE', '/api/users/1'],
  ] as const)('%s %s without a token answers 401', async (method, url) => {
    const res = await t.call(method, url, {
      body: method === 'POST' || method === 'PUT' ? newUserBody() : undefined,
    });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
  });

  const nonAdmins: DemoUserKey[] = ['coordinator', 'reporter'];
  it.each(
    nonAdmins.flatMap((as) =>
      (['list', 'read other', 'create', 'update other', 'delete other'] as const).map(
        (call) => [as, call] as const,
      ),
    ),
  )('%s: %s answers 403', async (as, call) => {
    const other = t.demo.coordinator2.userId;
    const res = await {
      list: () => t.call('GET', '/api/users', { as }),
      'read other': () => t.call('GET', `/api/users/${other}`, { as }),
      create: () => t.call('POST', '/api/users', { as, body: newUserBody() }),
      'update other': async () =>
        t.call('PUT', `/api/users/${other}`, {
          as,
          body: formBody(await read(other), { first_name: 'Hacked' }),
        }),
      'delete other': () => t.call('DELETE', `/api/users/${other}`, { as }),
    }[call]();
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({ code: 'forbidden', message: 'You do not have permission to do this.' });
  });

  it('left the other user untouched after the refused calls', async () => {
    const other = await read(t.demo.coordinator2.userId);
    expect(other.first_name).toBe('Morgan');
  });

  it('a non-admin reading an id that does not exist is refused, not told it is missing', async () => {
    const res = await t.call('GET', '/api/users/999999', { as: 'reporter' });
    expect(res.status).toBe(403);
  });

  it.each(['admin', 'coordinator', 'reporter'] as const)('%s reads their own user', async (as) => {
    const res = await t.call('GET', `/api/users/${t.demo[as].userId}`, { as });
    expect(res.status).toBe(200);
    expect(res.json.email).toBe(t.demo[as].email);
  });
});

describe('users: unknown ids', () => {
  it.each(['GET', 'PUT', 'DELETE'] as const)(
    '%s /api/users/999999 answers 404 to an Admin',
    async (method) => {
      const res = await t.call(method, '/api/users/999999', {
        as: 'admin',
        body: method === 'PUT' ? newUserBody() : undefined,
      });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    },
  );
});

describe('users: reading', () => {
  it('returns the User of spec §3', async () => {
    const res = await t.call('GET', `/api/users/${t.demo.coordinator.userId}`, { as: 'admin' });
    expect(res.status).toBe(200);
    const { last_sign_in_at: lastSignIn, ...user } = res.json;
    // Null until the first sign-in, then an instant.
    expect(lastSignIn === null || !Number.isNaN(Date.parse(lastSignIn))).toBe(true);
    expect(user).toEqual({
      user_id: t.demo.coordinator.userId,
      first_name: 'Casey',
      last_name: 'Coordinator',
      full_name: 'Casey Coordinator',
      email: 'coordinator@example.ca',
      centre: { centre_id: t.demo.coordinator.centreId, name: 'Northern Lights Employment Centre' },
      roles: [{ role_id: 2, title: 'Coordinator' }],
      icon: 'CC',
      icon_bg: expect.stringMatching(/^#[0-9a-f]{6}$/),
      active: true,
      home: null,
      digest: false,
      locale: 'en',
    });
    const admin = await t.call('GET', `/api/users/${t.demo.admin.userId}`, { as: 'admin' });
    expect(admin.json.centre).toBeNull();
    expect(admin.json.roles).toEqual([{ role_id: 1, title: 'Admin' }]);
  });

  it('lists users by full name, case-insensitively', async () => {
    await createUser({ first_name: 'aaron', last_name: 'lowercase' });
    await createUser({ first_name: 'Zoe', last_name: 'Last' });
    const res = await t.call('GET', '/api/users', { as: 'admin' });
    expect(res.status).toBe(200);
    const names: string[] = res.json.map((u: { full_name: string }) => u.full_name);
    expect(names[0]).toBe('aaron lowercase');
    expect(names.at(-1)).toBe('Zoe Last');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['Avery Admin', 'Casey Coordinator', 'Riley Reporter']));
  });
});
