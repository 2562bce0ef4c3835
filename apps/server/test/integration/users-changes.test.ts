import { NO_CENTRE_ID } from '@cairn/shared/limits';
import { ROLE } from '@cairn/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { formBody, userCalls } from '../helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { newUserBody, createUser, read } = userCalls(() => t);

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
      active: true,
      last_sign_in_at: null,
      home: null,
      digest: false,
      locale: 'en',
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

  it('treats centre id -1 and null as no centre, for an Admin', async () => {
    const a = await createUser({ centre: { centre_id: NO_CENTRE_ID }, roles: [{ role_id: ROLE.admin }] });
    expect(a.user.centre).toBeNull();
    const b = await createUser({ centre: null, roles: [{ role_id: ROLE.admin }] });
    expect(b.user.centre).toBeNull();
    expect(b.user.roles).toEqual([{ role_id: 1, title: 'Admin' }]);
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
        body: { ...newUserBody(), email: 'prod.invite@example.ca' },
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

describe("users: a new user's language (issue 34)", () => {
  it('creates a user in the language the Admin chose, and invites them in it, read back from the mailbox', async () => {
    const body = newUserBody({
      first_name: 'Geneviève',
      email: 'genevieve.nouvelle@example.ca',
      locale: 'fr',
    });
    const skip = t.mailbox.messages.length;
    const res = await t.call('POST', '/api/users', { as: 'admin', body });
    expect(res.status).toBe(201);
    expect(res.json.user.locale).toBe('fr');
    expect((await read(res.json.id)).locale).toBe('fr');

    const mail = await t.mailbox.arrived('genevieve.nouvelle@example.ca', skip);
    expect(mail.raw).toContain('Subject: Votre compte Cairn');
    expect(mail.raw).toContain('Bonjour');
    expect(mail.raw).not.toContain('Hello');
    expect(mail.raw).not.toContain('Your Cairn account');
    expect(mail.raw).toMatch(/reset-password\?token=[\w-]+&id=\d+/);

    // A new invitation later goes out in the user's language too.
    const again = t.mailbox.messages.length;
    const resent = await t.call('POST', `/api/users/${res.json.id}/invitation`, { as: 'admin' });
    expect(resent.status).toBe(200);
    expect((await t.mailbox.arrived('genevieve.nouvelle@example.ca', again)).raw).toContain(
      'Subject: Votre compte Cairn',
    );
  });

  it("gives a user created without a language the creating Admin's own", async () => {
    const admin = t.demo.admin.userId;
    const english = await createUser();
    expect(english.user.locale).toBe('en');
    expect(t.mailbox.lastTo(english.user.email)?.raw).toContain('Subject: Your Cairn account');

    expect((await t.call('PUT', `/api/users/${admin}`, { as: 'admin', body: { locale: 'fr' } })).status).toBe(
      200,
    );
    try {
      const french = await createUser();
      expect(french.user.locale).toBe('fr');
      expect(t.mailbox.lastTo(french.user.email)?.raw).toContain('Subject: Votre compte Cairn');
      // The Admin's choice wins over their own language.
      expect((await createUser({ locale: 'en' })).user.locale).toBe('en');
    } finally {
      await t.call('PUT', `/api/users/${admin}`, { as: 'admin', body: { locale: 'en' } });
    }
  });

  it('refuses a language Cairn does not have with 400 on locale, and creates nobody', async () => {
    for (const locale of ['de', 'fr-CA', '', null, 1]) {
      const body = newUserBody({ email: 'no.such.language@example.ca', locale });
      const res = await t.call('POST', '/api/users', { as: 'admin', body });
      expect(res.status, JSON.stringify(locale)).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
      expect(Object.keys(res.json.error.fields)).toEqual(['locale']);
      expect(res.json.error.fields.locale).toBe('must be one of the listed answers');
    }
    const list = await t.call('GET', '/api/users?s=no.such.language', { as: 'admin' });
    expect(list.json).toEqual([]);
  });

  it("keeps another user's language theirs to change: an Admin's edit sending it is 403", async () => {
    const { id, user } = await createUser({ locale: 'fr' });
    const res = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(user, { locale: 'en' }),
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('preferences_own_account_only');
    expect((await read(id)).locale).toBe('fr');
    // The same form without the language saves.
    const saved = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(user, { last_name: 'Tremblay' }),
    });
    expect(saved.status).toBe(200);
    expect(saved.json.locale).toBe('fr');
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
      body: formBody(me, {
        roles: [{ role_id: ROLE.coordinator }],
        centre: { centre_id: t.demo.coordinator.centreId },
      }),
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
    // Only an Admin may have no centre: refused before the own-account rule is asked.
    expect(noCentre.status).toBe(400);
    expect(noCentre.json.error.field_codes.centre).toEqual({ code: 'required' });

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
