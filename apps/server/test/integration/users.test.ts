import { NO_CENTRE_ID } from '@cairn/shared/limits';
import { ROLE } from '@cairn/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
function newUserBody(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    first_name: 'Jordan',
    last_name: `Tester${seq}`,
    email: `jordan.tester${seq}@example.ca`,
    centre: { centre_id: t.demo.coordinator.centreId },
    roles: [{ role_id: ROLE.coordinator }],
    ...overrides,
  };
}

async function createUser(overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/users', { as: 'admin', body: newUserBody(overrides) });
  expect(res.status).toBe(201);
  return res.json as { id: number; user: Record<string, any>; invite?: { token: string; id: number } };
}

/** The body the web form sends back for a user: the whole user, as read. */
function formBody(user: Record<string, any>, patch: Record<string, unknown> = {}) {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    centre: user.centre ? { centre_id: user.centre.centre_id } : { centre_id: NO_CENTRE_ID },
    roles: user.roles.map((r: { role_id: number }) => ({ role_id: r.role_id })),
    ...patch,
  };
}

async function read(userId: number) {
  return (await t.call('GET', `/api/users/${userId}`, { as: 'admin' })).json;
}

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
    expect(res.json).toEqual({
      user_id: t.demo.coordinator.userId,
      first_name: 'Casey',
      last_name: 'Coordinator',
      full_name: 'Casey Coordinator',
      email: 'coordinator@example.ca',
      centre: { centre_id: t.demo.coordinator.centreId, name: 'Northern Lights Employment Centre' },
      roles: [{ role_id: 2, title: 'Coordinator' }],
      icon: 'CC',
      icon_bg: expect.stringMatching(/^#[0-9a-f]{6}$/),
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

describe('users: create and invitation', () => {
  it('creates a user, answers 201, and emails an invitation whose link is valid', async () => {
    const body = newUserBody({
      first_name: 'Taylor',
      last_name: 'Newhire',
      email: 'Taylor.Newhire@Example.ca',
    });
    const res = await t.call('POST', '/api/users', { as: 'admin', body });
    expect(res.status).toBe(201);
    expect(res.json.user).toEqual({
      user_id: res.json.id,
      first_name: 'Taylor',
      last_name: 'Newhire',
      full_name: 'Taylor Newhire',
      email: 'taylor.newhire@example.ca',
      centre: { centre_id: t.demo.coordinator.centreId, name: 'Northern Lights Employment Centre' },
      roles: [{ role_id: 2, title: 'Coordinator' }],
      icon: 'TN',
      icon_bg: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(res.json.invite).toEqual({ token: expect.any(String), id: expect.any(Number) });

    const mail = t.mailbox.lastTo('taylor.newhire@example.ca');
    expect(mail?.raw).toContain('Subject: Your Cairn account');
    const match = mail!.raw.match(/http:\/\/cairn\.test\/login\/reset-password\?token=([\w-]+)&id=(\d+)/);
    expect(match).not.toBeNull();
    const [, token, id] = match!;
    expect({ token, id: Number(id) }).toEqual(res.json.invite);

    const check = await t.call('POST', '/api/auth/check-reset', { body: { token, id: Number(id) } });
    expect(check.status).toBe(200);

    const read = await t.call('GET', `/api/users/${res.json.id}`, { as: 'admin' });
    expect(read.json).toEqual(res.json.user);
  });

  it('treats centre id -1 and null as no centre', async () => {
    const a = await createUser({ centre: { centre_id: NO_CENTRE_ID }, roles: [{ role_id: ROLE.admin }] });
    expect(a.user.centre).toBeNull();
    const b = await createUser({ centre: null, roles: [{ role_id: ROLE.reporter }] });
    expect(b.user.centre).toBeNull();
    expect(b.user.roles).toEqual([{ role_id: 3, title: 'Reporter' }]);
  });

  it('answers 409 for an email a live user already has, whatever its case', async () => {
    const res = await t.call('POST', '/api/users', {
      as: 'admin',
      body: newUserBody({ email: 'COORDINATOR@example.ca' }),
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('email_taken');
    expect(res.json.error.fields.email).toBe('A user with this email already exists.');
  });

  it('does not return the invitation link outside demo mode, but still emails it', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await prod.call('POST', '/api/users', {
        as: 'admin',
        body: { ...newUserBody(), email: 'prod.invite@example.ca', centre: null },
      });
      expect(res.status).toBe(201);
      expect(res.json).not.toHaveProperty('invite');
      expect(prod.mailbox.lastTo('prod.invite@example.ca')?.raw).toMatch(
        /reset-password\?token=[\w-]+&id=\d+/,
      );
    } finally {
      await prod.close();
    }
  });
});

describe('users: update', () => {
  it('lets an Admin change another user, including role and centre', async () => {
    const { id, user } = await createUser();
    const res = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(user, {
        first_name: 'Renamed',
        email: 'renamed.user@example.ca',
        centre: { centre_id: t.demo.coordinator2.centreId },
        roles: [{ role_id: ROLE.reporter }],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      user_id: id,
      first_name: 'Renamed',
      full_name: `Renamed ${user.last_name}`,
      email: 'renamed.user@example.ca',
      centre: { centre_id: t.demo.coordinator2.centreId, name: 'Prairie Pathways Training Centre' },
      roles: [{ role_id: 3, title: 'Reporter' }],
    });
    expect(await read(id)).toEqual(res.json);
  });

  it("applies a new role to the user's very next request", async () => {
    const { id, user } = await createUser();
    const token = await t.tokenForId(id);
    // A Coordinator may list clients; the call also puts the user in the signed-in cache.
    expect((await t.call('GET', '/api/clients', { token })).status).toBe(200);
    const res = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(user, { roles: [{ role_id: ROLE.reporter }] }),
    });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/clients', { token })).status).toBe(403);
  });

  it('answers 409 when the new email belongs to another live user', async () => {
    const { id, user } = await createUser();
    const res = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(user, { email: 'Reporter@Example.ca' }),
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('email_taken');
    expect((await read(id)).email).toBe(user.email);
  });

  it('refuses an Admin changing their own role or centre, and accepts their own unchanged form', async () => {
    const me = await read(t.demo.admin.userId);
    const role = await t.call('PUT', `/api/users/${me.user_id}`, {
      as: 'admin',
      body: formBody(me, { roles: [{ role_id: ROLE.coordinator }] }),
    });
    expect(role.status).toBe(403);
    expect(role.json.error.code).toBe('cannot_change_own_role');
    const centre = await t.call('PUT', `/api/users/${me.user_id}`, {
      as: 'admin',
      body: formBody(me, { centre: { centre_id: t.demo.coordinator.centreId } }),
    });
    expect(centre.status).toBe(403);
    expect(centre.json.error.code).toBe('cannot_change_own_centre');
    expect(await read(me.user_id)).toEqual(me);

    const names = await t.call('PUT', `/api/users/${me.user_id}`, {
      as: 'admin',
      body: formBody(me, { last_name: 'Administrator' }),
    });
    expect(names.status).toBe(200);
    expect(names.json).toMatchObject({
      full_name: 'Avery Administrator',
      centre: null,
      roles: [{ role_id: 1 }],
    });
  });

  it('lets a Coordinator edit their own names and email but not their centre or role', async () => {
    const id = t.demo.coordinator.userId;
    const me = (await t.call('GET', `/api/users/${id}`, { as: 'coordinator' })).json;

    const ok = await t.call('PUT', `/api/users/${id}`, {
      as: 'coordinator',
      body: formBody(me, { first_name: 'Cassie', last_name: 'Co-ordinator' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ full_name: 'Cassie Co-ordinator', roles: [{ role_id: 2 }] });
    expect(ok.json.centre.centre_id).toBe(t.demo.coordinator.centreId);

    const centre = await t.call('PUT', `/api/users/${id}`, {
      as: 'coordinator',
      body: formBody(ok.json, { centre: { centre_id: t.demo.coordinator2.centreId } }),
    });
    expect(centre.status).toBe(403);
    expect(centre.json.error.code).toBe('cannot_change_own_centre');

    const noCentre = await t.call('PUT', `/api/users/${id}`, {
      as: 'coordinator',
      body: formBody(ok.json, { centre: null }),
    });
    expect(noCentre.status).toBe(403);
    expect(noCentre.json.error.code).toBe('cannot_change_own_centre');

    const role = await t.call('PUT', `/api/users/${id}`, {
      as: 'coordinator',
      body: formBody(ok.json, { roles: [{ role_id: ROLE.admin }] }),
    });
    expect(role.status).toBe(403);
    expect(role.json.error.code).toBe('cannot_change_own_role');

    expect(await read(id)).toEqual(ok.json);
  });

  it('lets a Reporter edit their own names and email', async () => {
    const id = t.demo.reporter.userId;
    const me = (await t.call('GET', `/api/users/${id}`, { as: 'reporter' })).json;
    const res = await t.call('PUT', `/api/users/${id}`, {
      as: 'reporter',
      body: formBody(me, { first_name: 'Rae', email: 'Rae.Reporter@Example.ca' }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ full_name: 'Rae Reporter', email: 'rae.reporter@example.ca' });
    expect(res.json.roles).toEqual([{ role_id: 3, title: 'Reporter' }]);
  });
});

describe('users: delete', () => {
  it('refuses an Admin deleting their own account', async () => {
    const res = await t.call('DELETE', `/api/users/${t.demo.admin.userId}`, { as: 'admin' });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('cannot_delete_self');
    expect((await t.call('GET', '/api/users', { as: 'admin' })).status).toBe(200);
  });

  it('deletes a user: gone from reads and the list, its token refused at once, its email free again', async () => {
    const { id, user } = await createUser({ email: 'leaving.soon@example.ca' });
    const token = await t.tokenForId(id);
    expect((await t.call('GET', `/api/users/${id}`, { token })).status).toBe(200);

    const res = await t.call('DELETE', `/api/users/${id}`, { as: 'admin' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });

    const own = await t.call('GET', `/api/users/${id}`, { token });
    expect(own.status).toBe(401);
    expect((await t.call('GET', `/api/centres`, { token })).status).toBe(401);
    expect((await t.call('GET', `/api/users/${id}`, { as: 'admin' })).status).toBe(404);
    const list = await t.call('GET', '/api/users', { as: 'admin' });
    expect(list.json.map((u: { user_id: number }) => u.user_id)).not.toContain(id);
    expect((await t.call('DELETE', `/api/users/${id}`, { as: 'admin' })).status).toBe(404);
    expect((await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: formBody(user) })).status).toBe(404);

    const again = await t.call('POST', '/api/users', {
      as: 'admin',
      body: newUserBody({ email: 'Leaving.Soon@example.ca' }),
    });
    expect(again.status).toBe(201);
    expect(again.json.id).not.toBe(id);
  });

  it("revokes a deleted user's refresh tokens", async () => {
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: t.demo.coordinator2.email, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const { refreshToken } = login.json;
    expect((await t.call('POST', '/api/auth/token', { body: { refreshToken } })).status).toBe(200);

    const res = await t.call('DELETE', `/api/users/${t.demo.coordinator2.userId}`, { as: 'admin' });
    expect(res.status).toBe(200);

    const refresh = await t.call('POST', '/api/auth/token', { body: { refreshToken } });
    expect(refresh.status).toBe(404);
    expect(
      (await t.call('GET', `/api/users/${t.demo.coordinator2.userId}`, { token: login.json.accessToken }))
        .status,
    ).toBe(401);
  });
});
