import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, refreshTokens } from '../../src/db/schema/auth.ts';
import { users } from '../../src/db/schema/users.ts';
import { auditRows, lastSeq } from '../helpers/audit.ts';
import { authCalls, INVALID_CREDENTIALS, NEW_PASSWORD } from '../helpers/auth.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, login, get, createUser } = authCalls(() => t);

describe('POST /api/auth/token and /api/auth/logout', () => {
  it('gives a new access token and a new refresh token for a valid refresh token', async () => {
    const { json } = await login('reporter@example.ca', DEMO_PASSWORD);
    const res = await post('/api/auth/token', { refreshToken: json.refreshToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(res.json.refreshToken).not.toBe(json.refreshToken);
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

describe('refresh token rotation (issue 27)', () => {
  it('rotates through a chain of refreshes, each token used once, within one session', async () => {
    const user = await createUser();
    const first = await login(user.email, DEMO_PASSWORD);
    let refreshToken = first.json.refreshToken as string;
    const seen = new Set([refreshToken]);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/token', { refreshToken });
      expect(res.status, `refresh ${i}`).toBe(200);
      expect(seen.has(res.json.refreshToken)).toBe(false);
      seen.add(res.json.refreshToken);
      refreshToken = res.json.refreshToken;
      expect(await get('/api/roles', res.json.accessToken)).toBe(200);
    }
    // One session for the whole chain: six tokens, five replaced, all of the same family.
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.userId));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.sessionId)).size).toBe(1);
    expect(rows.filter((r) => r.replacedAt !== null)).toHaveLength(5);
    // The family keeps the sign-in's expiry: refreshing does not extend the session.
    expect(new Set(rows.map((r) => r.expiresAt.getTime())).size).toBe(1);
    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.userId));
    expect(session!.expiresAt.getTime()).toBe(rows[0]!.expiresAt.getTime());
  });

  it('revokes the whole family, refresh and access tokens, when a replaced token comes back', async () => {
    const user = await createUser();
    const signedIn = await login(user.email, DEMO_PASSWORD);
    const stolen = signedIn.json.refreshToken as string;
    const next = await post('/api/auth/token', { refreshToken: stolen });
    expect(next.status).toBe(200);
    const later = await post('/api/auth/token', { refreshToken: next.json.refreshToken });
    expect(later.status).toBe(200);
    expect(await get('/api/roles', later.json.accessToken)).toBe(200);
    // Another session of the same user, in another browser.
    const elsewhere = await login(user.email, DEMO_PASSWORD);

    // The first token presented again: 404, and the family ends.
    const replay = await post('/api/auth/token', { refreshToken: stolen });
    expect(replay.status).toBe(404);
    expect(replay.json.error.code).toBe('invalid_refresh_token');
    expect((await post('/api/auth/token', { refreshToken: later.json.refreshToken })).status).toBe(404);
    for (const token of [signedIn.json.accessToken, next.json.accessToken, later.json.accessToken]) {
      expect(await get('/api/roles', token)).toBe(401);
    }
    // The other browser's session is not of that family, and goes on.
    expect(await get('/api/roles', elsewhere.json.accessToken)).toBe(200);
    expect((await post('/api/auth/token', { refreshToken: elsewhere.json.refreshToken })).status).toBe(200);
  });

  it('records each renewal, and a replaced token presented again, in the audit trail', async () => {
    const user = await createUser();
    const signedIn = await login(user.email, DEMO_PASSWORD);
    const stolen = signedIn.json.refreshToken as string;
    const before = await lastSeq(t);
    expect((await post('/api/auth/token', { refreshToken: stolen })).status).toBe(200);
    expect((await post('/api/auth/token', { refreshToken: stolen })).status).toBe(404);
    expect((await post('/api/auth/token', { refreshToken: 'never-issued' })).status).toBe(404);
    const entries = (await auditRows(t, before)).map((e) => ({
      action: e.action,
      outcome: e.outcome,
      user: e.user_id,
      record: e.record_id,
      reason: e.details.reason,
      session: e.details.session_id,
    }));
    const [row] = await t.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user.userId));
    expect(entries).toEqual([
      { action: 'session_renewal', outcome: 'allowed', user: user.userId, record: user.userId },
      {
        action: 'refresh_token_reused',
        outcome: 'refused',
        user: user.userId,
        record: user.userId,
        reason: 'invalid_refresh_token',
        session: row!.id,
      },
      {
        action: 'session_renewal',
        outcome: 'refused',
        user: null,
        record: null,
        reason: 'invalid_refresh_token',
      },
    ]);
  });

  it('of two refreshes racing with one token, one gets the successor and the family ends', async () => {
    const user = await createUser();
    const signedIn = await login(user.email, DEMO_PASSWORD);
    const answers = await Promise.all(
      [0, 1].map(() => post('/api/auth/token', { refreshToken: signedIn.json.refreshToken })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    // The second use is a reuse: the successor the first one got is revoked with the family.
    const winner = answers.find((a) => a.status === 200)!;
    expect((await post('/api/auth/token', { refreshToken: winner.json.refreshToken })).status).toBe(404);
    expect(await get('/api/roles', winner.json.accessToken)).toBe(401);
  });
});

describe('sign-out ends the session at once (issue 27)', () => {
  it("refuses the session's access token right after logout, and only that session's", async () => {
    const user = await createUser();
    const here = await login(user.email, DEMO_PASSWORD);
    const elsewhere = await login(user.email, DEMO_PASSWORD);
    // Both tokens are looked up, so both sessions sit in the signed-in cache.
    expect(await get('/api/roles', here.json.accessToken)).toBe(200);
    expect(await get('/api/roles', elsewhere.json.accessToken)).toBe(200);

    expect((await post('/api/auth/logout', { refreshToken: here.json.refreshToken })).status).toBe(200);
    expect(await get('/api/roles', here.json.accessToken)).toBe(401);
    expect(await get('/api/roles', elsewhere.json.accessToken)).toBe(200);
  });

  it('ends the session from any token of its family, and its rotated tokens with it', async () => {
    const user = await createUser();
    const signedIn = await login(user.email, DEMO_PASSWORD);
    const rotated = await post('/api/auth/token', { refreshToken: signedIn.json.refreshToken });
    expect(await get('/api/roles', rotated.json.accessToken)).toBe(200);
    expect((await post('/api/auth/logout', { refreshToken: rotated.json.refreshToken })).status).toBe(200);
    expect(await get('/api/roles', rotated.json.accessToken)).toBe(401);
    expect((await post('/api/auth/token', { refreshToken: rotated.json.refreshToken })).status).toBe(404);
  });

  it('tidies dead sessions at the next sign-in', async () => {
    const user = await createUser();
    const first = await login(user.email, DEMO_PASSWORD);
    await post('/api/auth/logout', { refreshToken: first.json.refreshToken });
    await login(user.email, DEMO_PASSWORD);
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.userId));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.revokedAt).toBeNull();
  });
});
