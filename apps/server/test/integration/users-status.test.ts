import { NO_CENTRE_ID } from '@cairn/shared/limits';
import { ROLE } from '@cairn/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../helpers/audit.ts';
import { authCalls } from '../helpers/auth.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { formBody, userCalls } from '../helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { newUserBody, createUser, read } = userCalls(() => t);
const auth = authCalls(() => t);

const centreRequired = (res: { status: number; json: any }) => {
  expect(res.status).toBe(400);
  expect(res.json.error.code).toBe('validation_failed');
  expect(res.json.error.field_codes.centre).toEqual({ code: 'required' });
  expect(res.json.error.fields.centre).toBe('This field is required');
};

describe('users: only an Admin may have no centre', () => {
  it.each([
    ['a Coordinator', ROLE.coordinator, null],
    ['a Reporter', ROLE.reporter, null],
    ['a Reporter (centre -1)', ROLE.reporter, { centre_id: NO_CENTRE_ID }],
  ])('refuses creating %s without a centre', async (_label, roleId, centre) => {
    const res = await t.call('POST', '/api/users', {
      as: 'admin',
      body: newUserBody({ centre, roles: [{ role_id: roleId }] }),
    });
    centreRequired(res);
  });

  it('refuses taking the centre away from a Coordinator or Reporter', async () => {
    const { id, user } = await createUser();
    centreRequired(
      await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: formBody(user, { centre: null }) }),
    );
    const reporter = await read(t.demo.reporter.userId);
    centreRequired(
      await t.call('PUT', `/api/users/${reporter.user_id}`, {
        as: 'admin',
        body: formBody(reporter, { centre: { centre_id: NO_CENTRE_ID } }),
      }),
    );
    expect((await read(id)).centre).toEqual(user.centre);
  });

  it('refuses a role change alone that leaves a user without a centre other than an Admin', async () => {
    const { id, user } = await createUser({ centre: null, roles: [{ role_id: ROLE.admin }] });
    expect(user.centre).toBeNull();
    for (const roleId of [ROLE.coordinator, ROLE.reporter]) {
      centreRequired(
        await t.call('PUT', `/api/users/${id}`, {
          as: 'admin',
          body: formBody(user, { roles: [{ role_id: roleId }] }),
        }),
      );
    }
    expect((await read(id)).roles).toEqual([{ role_id: ROLE.admin, title: 'Admin' }]);
    const withCentre = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(user, {
        roles: [{ role_id: ROLE.reporter }],
        centre: { centre_id: t.demo.coordinator.centreId },
      }),
    });
    expect(withCentre.status).toBe(200);
  });
});

describe('users: deactivate and reactivate', () => {
  it('answers active on every user', async () => {
    const list = await t.call('GET', '/api/users', { as: 'admin' });
    expect(list.json.every((u: { active: unknown }) => u.active === true)).toBe(true);
    expect((await read(t.demo.reporter.userId)).active).toBe(true);
  });

  it('ends the sessions of a deactivated user at once, refuses their sign-in, and lets them in again once reactivated', async () => {
    const { userId, email } = await auth.createUser();
    const signedIn = await auth.login(email, DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    const { accessToken, refreshToken } = signedIn.json;
    expect(await auth.get('/api/clients', accessToken)).toBe(200);

    const off = await t.call('PUT', `/api/users/${userId}`, { as: 'admin', body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ user_id: userId, active: false, full_name: expect.any(String) });

    // The access token is refused at once, and its refresh token renews nothing.
    expect(await auth.get('/api/clients', accessToken)).toBe(401);
    const refresh = await auth.post('/api/auth/token', { refreshToken });
    expect(refresh.status).toBe(404);
    expect(refresh.json.error.code).toBe('invalid_refresh_token');

    // The right password is told why; a wrong one learns nothing more than before.
    const refused = await auth.login(email, DEMO_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toEqual({
      code: 'account_deactivated',
      message: 'This account has been deactivated. Ask an administrator to reactivate it.',
    });
    expect((await auth.login(email, 'Wrong-pass-1')).json.error.code).toBe('invalid_credentials');
    // Nor does Forgot Password give it a usable link (demo mode answers the link it made).
    const reset = await auth.post('/api/auth/request-reset', { email });
    expect(reset.status).toBe(200);
    const link = { token: reset.json.token, id: reset.json.id };
    expect((await auth.post('/api/auth/check-reset', link)).status).toBe(404);

    // Still listed, under the inactive filter; the name stays on the user.
    const inactive = await t.call('GET', '/api/users?status=inactive', { as: 'admin' });
    expect(inactive.json.map((u: { user_id: number }) => u.user_id)).toContain(userId);

    const on = await t.call('PUT', `/api/users/${userId}`, { as: 'admin', body: { active: true } });
    expect(on.status).toBe(200);
    expect(on.json.active).toBe(true);
    // The old session stays ended; a new sign-in works.
    expect(await auth.get('/api/clients', accessToken)).toBe(401);
    const again = await auth.login(email, DEMO_PASSWORD);
    expect(again.status).toBe(200);
    expect(await auth.get('/api/clients', again.json.accessToken)).toBe(200);
  });

  it('deactivates through the whole form too, and audits it as an update listing the change', async () => {
    const { id, user } = await createUser();
    const { result, entries } = await entriesOf(t, () =>
      t.call('PUT', `/api/users/${id}`, { as: 'admin', body: { ...formBody(user), active: false } }),
    );
    expect(result.status).toBe(200);
    expect(result.json.active).toBe(false);
    const entry = entries.find((e) => e.action === 'update' && e.record_kind === 'user');
    expect(entry).toMatchObject({ outcome: 'allowed', record_id: id, user_id: t.demo.admin.userId });
    expect(entry!.details.record_name).toBe(user.full_name);
    expect(entry!.details.changes).toEqual([{ field: 'active', before: true, after: false }]);
  });

  it('refuses an Admin deactivating themself, and anyone their own account', async () => {
    const self = await t.call('PUT', `/api/users/${t.demo.admin.userId}`, {
      as: 'admin',
      body: { active: false },
    });
    expect(self.status).toBe(403);
    expect(self.json.error.code).toBe('cannot_deactivate_self');
    const own = await t.call('PUT', `/api/users/${t.demo.reporter.userId}`, {
      as: 'reporter',
      body: { active: false },
    });
    expect(own.status).toBe(403);
    expect(own.json.error.code).toBe('cannot_deactivate_self');
    expect((await read(t.demo.admin.userId)).active).toBe(true);
    // Sending the own status back unchanged is fine.
    const same = await t.call('PUT', `/api/users/${t.demo.reporter.userId}`, {
      as: 'reporter',
      body: { active: true },
    });
    expect(same.status).toBe(200);
  });

  it('refuses a body with some of the user fields but not all, and an active that is not a boolean', async () => {
    const id = t.demo.coordinator2.userId;
    const partial = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: { active: false, first_name: 'X' },
    });
    expect(partial.status).toBe(400);
    expect(partial.json.error.field_codes.email).toEqual({ code: 'required' });
    const wrong = await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: { active: 'no' } });
    expect(wrong.status).toBe(400);
    expect((await read(id)).active).toBe(true);
  });
});
