import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../src/db/schema/auth.ts';
import { users } from '../../src/db/schema/users.ts';
import { authCalls, INVALID_CREDENTIALS, NEW_PASSWORD } from '../helpers/auth.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, login, get, createUser } = authCalls(() => t);

describe('POST /api/auth/token and /api/auth/logout', () => {
  it('gives a new access token for a valid refresh token', async () => {
    const { json } = await login('reporter@example.ca', DEMO_PASSWORD);
    const res = await post('/api/auth/token', { refreshToken: json.refreshToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(['accessToken']);
    expect(await get('/api/roles', res.json.accessToken)).toBe(200);
  });

  it('stores refresh tokens hashed, with a 7-day expiry', async () => {
    const { json } = await login('reporter@example.ca', DEMO_PASSWORD);
    const rows = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, t.demo.reporter.userId));
    expect(rows.some((r) => r.tokenHash === json.refreshToken)).toBe(false);
    const days = (Math.max(...rows.map((r) => r.expiresAt.getTime())) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('answers 404 after logout; logout needs no access token and can be repeated', async () => {
    const { json } = await login('reporter@example.ca', DEMO_PASSWORD);
    expect((await post('/api/auth/logout', { refreshToken: json.refreshToken })).json).toEqual({ ok: true });
    expect((await post('/api/auth/logout', { refreshToken: json.refreshToken })).status).toBe(200);
    const res = await post('/api/auth/token', { refreshToken: json.refreshToken });
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({
      code: 'invalid_refresh_token',
      message: 'Your session has expired. Please login again to continue.',
    });
  });

  it('answers 404 for an unknown token and 400 for a missing one', async () => {
    expect((await post('/api/auth/token', { refreshToken: 'garbage' })).status).toBe(404);
    expect((await post('/api/auth/token', {})).status).toBe(400);
  });

  it('answers 404 for an expired token and for a deleted user', async () => {
    const expiring = await createUser();
    const a = await login(expiring.email, DEMO_PASSWORD);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.userId, expiring.userId));
    expect((await post('/api/auth/token', { refreshToken: a.json.refreshToken })).status).toBe(404);

    const leaving = await createUser();
    const b = await login(leaving.email, DEMO_PASSWORD);
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.userId, leaving.userId));
    expect((await post('/api/auth/token', { refreshToken: b.json.refreshToken })).status).toBe(404);
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs a signed-in user', async () => {
    const res = await post('/api/auth/change-password', { id: t.demo.admin.userId, password: NEW_PASSWORD });
    expect(res.status).toBe(401);
  });

  it("refuses someone else's password, to every role, Admin included", async () => {
    for (const [as, target] of [
      ['admin', 'coordinator'],
      ['coordinator', 'reporter'],
      ['reporter', 'admin'],
    ] as const) {
      const res = await post(
        '/api/auth/change-password',
        { id: t.demo[target].userId, password: NEW_PASSWORD },
        { token: await t.tokenForId(t.demo[as].userId) },
      );
      expect(res.status, as).toBe(403);
      expect(res.json.error).toEqual({
        code: 'own_password_only',
        message: 'You can only change your own password.',
      });
    }
    // Nothing changed: the target still signs in with the old password.
    expect((await login('coordinator@example.ca', DEMO_PASSWORD)).status).toBe(200);
  });

  it('answers 400 with the new-password messages', async () => {
    const token = await t.tokenForId(t.demo.reporter.userId);
    const cases: Array<[string, string]> = [
      ['short1A', 'Password must be at least 8 characters'],
      ['alllowercase1', 'Password must contain an uppercase letter'],
      ['ALLUPPERCASE1', 'Password must contain a lowercase letter'],
      ['NoDigitsHere', 'Password must contain a number'],
    ];
    for (const [password, message] of cases) {
      const res = await post(
        '/api/auth/change-password',
        { id: t.demo.reporter.userId, password },
        { token },
      );
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ password: message });
    }
  });

  it('sets the password, ends every session and opens a new one for the caller', async () => {
    const user = await createUser();
    const here = await login(user.email, DEMO_PASSWORD);
    const elsewhere = await login(user.email, DEMO_PASSWORD);

    const res = await post(
      '/api/auth/change-password',
      { id: user.userId, password: NEW_PASSWORD },
      { token: here.json.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, accessToken: expect.any(String), refreshToken: expect.any(String) });

    // Old access tokens and refresh tokens, of this browser and the other, are void.
    expect(await get('/api/roles', here.json.accessToken)).toBe(401);
    expect(await get('/api/roles', elsewhere.json.accessToken)).toBe(401);
    expect((await post('/api/auth/token', { refreshToken: here.json.refreshToken })).status).toBe(404);
    expect((await post('/api/auth/token', { refreshToken: elsewhere.json.refreshToken })).status).toBe(404);
    // The new pair works.
    expect(await get('/api/roles', res.json.accessToken)).toBe(200);
    expect((await post('/api/auth/token', { refreshToken: res.json.refreshToken })).status).toBe(200);

    expect((await login(user.email, DEMO_PASSWORD)).json).toEqual(INVALID_CREDENTIALS);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});
