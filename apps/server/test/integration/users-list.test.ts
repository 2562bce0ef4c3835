import { ROLE } from '@cairn/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../helpers/audit.ts';
import { authCalls } from '../helpers/auth.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { userCalls } from '../helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { createUser } = userCalls(() => t);
const auth = authCalls(() => t);

async function ids(query: string): Promise<number[]> {
  const res = await t.call('GET', `/api/users${query}`, { as: 'admin' });
  expect(res.status).toBe(200);
  return res.json.map((u: { user_id: number }) => u.user_id);
}

describe('GET /api/users: search and filters', () => {
  it('searches the full name and the email, in any case', async () => {
    const a = await createUser({
      first_name: 'Marguerite',
      last_name: 'Zelenko',
      email: 'mz@northern.example.ca',
    });
    const b = await createUser({
      first_name: 'Omar',
      last_name: 'Quill',
      email: 'marguerite.desk@example.ca',
    });
    expect(await ids('?s=marguerite')).toEqual([a.id, b.id]);
    expect(await ids('?s=MARGUERITE%20ZEL')).toEqual([a.id]);
    expect(await ids('?s=northern.example')).toEqual([a.id]);
    expect(await ids('?s=%25')).toEqual([]);
  });

  it('filters by role, centre (-1: none) and status, together with the search', async () => {
    const reporter = await createUser({
      first_name: 'Filter',
      last_name: 'Reporter',
      roles: [{ role_id: ROLE.reporter }],
      centre: { centre_id: t.demo.coordinator2.centreId },
    });
    const admin = await createUser({
      first_name: 'Filter',
      last_name: 'Admin',
      roles: [{ role_id: ROLE.admin }],
      centre: null,
    });
    expect(await ids('?s=filter')).toEqual([admin.id, reporter.id]);
    expect(await ids(`?s=filter&role=${ROLE.reporter}`)).toEqual([reporter.id]);
    expect(await ids(`?s=filter&centre=${t.demo.coordinator2.centreId}`)).toEqual([reporter.id]);
    expect(await ids('?s=filter&centre=-1')).toEqual([admin.id]);
    expect(await ids('?s=filter&status=inactive')).toEqual([]);

    expect(
      (await t.call('PUT', `/api/users/${reporter.id}`, { as: 'admin', body: { active: false } })).status,
    ).toBe(200);
    expect(await ids('?s=filter&status=inactive')).toEqual([reporter.id]);
    expect(await ids('?s=filter&status=active')).toEqual([admin.id]);
    expect(await ids('?s=filter')).toEqual([admin.id, reporter.id]);

    const every = await ids(`?role=${ROLE.admin}`);
    expect(every).toContain(t.demo.admin.userId);
    expect(every).not.toContain(t.demo.coordinator.userId);
  });

  it('answers 400 for a filter it does not know', async () => {
    const role = await t.call('GET', '/api/users?role=9', { as: 'admin' });
    expect(role.status).toBe(400);
    expect(role.json.error.field_codes.role).toEqual({ code: 'roleInvalid' });
    expect((await t.call('GET', '/api/users?status=gone', { as: 'admin' })).status).toBe(400);
    expect((await t.call('GET', '/api/users?centre=abc', { as: 'admin' })).status).toBe(400);
  });
});

describe('last_sign_in_at', () => {
  it('is null until the user signs in, then the time of the latest sign-in', async () => {
    const { userId, email } = await auth.createUser();
    const read = async () => (await t.call('GET', `/api/users/${userId}`, { as: 'admin' })).json;
    expect((await read()).last_sign_in_at).toBeNull();
    const before = Date.now();
    const signedIn = await auth.login(email, DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    const first = (await read()).last_sign_in_at as string;
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);
    expect(signedIn.json.user.last_sign_in_at).toBe(first);
    // A failed sign-in changes nothing.
    await auth.login(email, 'Wrong-pass-1');
    expect((await read()).last_sign_in_at).toBe(first);
    await auth.login(email, DEMO_PASSWORD);
    expect(Date.parse((await read()).last_sign_in_at)).toBeGreaterThanOrEqual(Date.parse(first));
  });
});

describe('resend the invitation, send a password reset', () => {
  const linkIn = (raw: string) => {
    const match = raw.match(/reset-password\?token=([\w-]+)&id=(\d+)/);
    expect(match).not.toBeNull();
    return { token: match![1]!, id: Number(match![2]) };
  };

  it('emails a new invitation that voids the first one', async () => {
    const { id, invite } = await createUser({ email: 'invite.again@example.ca' });
    const { result, entries } = await entriesOf(t, () =>
      t.call('POST', `/api/users/${id}/invitation`, { as: 'admin' }),
    );
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ sent: true, token: expect.any(String), id: expect.any(Number) });
    const mail = t.mailbox.lastTo('invite.again@example.ca')!;
    expect(mail.raw).toContain('Subject: Your Cairn account');
    const link = linkIn(mail.raw);
    expect(link).toEqual({ token: result.json.token, id: result.json.id });
    const check = await auth.post('/api/auth/check-reset', link);
    expect(check.json).toEqual({ valid: true, purpose: 'invite' });
    expect((await auth.post('/api/auth/check-reset', invite)).status).toBe(404);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'password_reset_request',
        record_kind: 'user',
        record_id: id,
        user_id: t.demo.admin.userId,
        outcome: 'allowed',
        details: expect.objectContaining({ purpose: 'invite' }),
      }),
    ]);
  });

  it('emails a password reset link', async () => {
    const res = await t.call('POST', `/api/users/${t.demo.coordinator2.userId}/password-reset`, {
      as: 'admin',
    });
    expect(res.status).toBe(200);
    const email = (await t.call('GET', `/api/users/${t.demo.coordinator2.userId}`, { as: 'admin' })).json
      .email;
    const mail = t.mailbox.lastTo(email)!;
    expect(mail.raw).toContain('Subject: Reset your Cairn password');
    const check = await auth.post('/api/auth/check-reset', linkIn(mail.raw));
    expect(check.json).toEqual({ valid: true, purpose: 'reset' });
  });

  it('sends nothing to a deactivated user (409), nor for an unknown one (404), nor for a non-Admin (403)', async () => {
    const { id } = await createUser();
    await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: { active: false } });
    for (const route of ['invitation', 'password-reset']) {
      const res = await t.call('POST', `/api/users/${id}/${route}`, { as: 'admin' });
      expect(res.status).toBe(409);
      expect(res.json.error.code).toBe('account_deactivated');
      expect((await t.call('POST', `/api/users/999999/${route}`, { as: 'admin' })).status).toBe(404);
      expect((await t.call('POST', `/api/users/${id}/${route}`, { as: 'coordinator' })).status).toBe(403);
    }
  });
});
