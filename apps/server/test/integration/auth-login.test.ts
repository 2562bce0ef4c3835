import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../src/db/schema/auth.ts';
import { users } from '../../src/db/schema/users.ts';
import { authCalls, INVALID_CREDENTIALS } from '../helpers/auth.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, login, get, createUser } = authCalls(() => t);

describe('POST /api/auth/login', () => {
  it('answers tokens and the User of spec §3, without any password hash', async () => {
    const res = await login('coordinator@example.ca', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect(res.json.user).toEqual({
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
      last_sign_in_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      home: null,
      digest: false,
      locale: 'en',
    });
    expect(res.body).not.toMatch(/argon2|password/i);
    expect(await get('/api/roles', res.json.accessToken)).toBe(200);
  });

  it('gives a user without a centre a null centre, and matches the email in any case', async () => {
    const res = await login('  ADMIN@Example.CA ', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.user.centre).toBeNull();
    expect(res.json.user.roles).toEqual([{ role_id: 1, title: 'Admin' }]);
    expect(res.json.user.full_name).toBe('Avery Admin');
  });

  it('answers a wrong password, an unknown email, a deleted user and a user without a password alike', async () => {
    const deleted = await createUser();
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.userId, deleted.userId));
    const invited = await createUser({ withPassword: false });

    const answers = [
      await login('reporter@example.ca', 'Wrong-pass-1'),
      await login('nobody-here@example.ca', DEMO_PASSWORD),
      await login(deleted.email, DEMO_PASSWORD),
      await login(invited.email, DEMO_PASSWORD),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual(INVALID_CREDENTIALS);
    }
  });

  it('answers 400 with the spec §5 messages', async () => {
    const cases: Array<[unknown, Record<string, string>]> = [
      [{}, { email: 'Email is required', password: 'Password is required' }],
      [
        { email: '', password: '' },
        { email: 'Email is required', password: 'Password is required' },
      ],
      [{ email: 'not-an-email', password: DEMO_PASSWORD }, { email: 'Must be a valid email' }],
      [{ email: 'a@b.ca', password: DEMO_PASSWORD }, { email: 'Email must be at least 8 characters' }],
      [
        { email: `${'a'.repeat(120)}@example.ca`, password: DEMO_PASSWORD },
        { email: 'Email must less than 128 characters' },
      ],
      [
        { email: 'admin@example.ca', password: 'short' },
        { password: 'Password must be at least 8 characters' },
      ],
      [
        { email: 'admin@example.ca', password: 'x'.repeat(129) },
        { password: 'Password must less than 128 characters' },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await post('/api/auth/login', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
      expect(res.json.error.fields).toEqual(fields);
    }
  });

  it('locks an account after 10 failures in 15 minutes, even for the right password and from any address', async () => {
    const user = await createUser();
    const other = await createUser();
    for (let i = 0; i < 10; i++) {
      const res = await login(user.email, `Wrong-pass-${i}`, i % 2 ? '10.30.0.1' : '10.30.0.2');
      expect(res.status).toBe(401);
    }
    const locked = await login(user.email, DEMO_PASSWORD, '10.30.0.3');
    expect(locked.status).toBe(429);
    expect(locked.json.error).toEqual({
      code: 'too_many_login_failures',
      message: 'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
      params: { minutes: 15 },
    });
    // Another account, from the same address: not affected.
    expect((await login(other.email, DEMO_PASSWORD, '10.30.0.3')).status).toBe(200);

    // Once the failures are older than the window, the right password works and clears them.
    await t.db
      .update(loginFailures)
      .set({ failedAt: sql`now() - interval '16 minutes'` })
      .where(eq(loginFailures.email, user.email));
    expect((await login(user.email, DEMO_PASSWORD)).status).toBe(200);
    const left = await t.db.select().from(loginFailures).where(eq(loginFailures.email, user.email));
    expect(left).toEqual([]);
  });

  it('locks an unknown email the same way, so the lock does not tell which accounts exist', async () => {
    for (let i = 0; i < 10; i++)
      expect((await login('ghost@example.ca', `Wrong-pass-${i}`)).status).toBe(401);
    const res = await login('GHOST@example.ca', DEMO_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.json.error.code).toBe('too_many_login_failures');
  });

  it('clears earlier failures on a successful sign-in', async () => {
    const user = await createUser();
    for (let i = 0; i < 9; i++) expect((await login(user.email, `Wrong-pass-${i}`)).status).toBe(401);
    expect((await login(user.email, DEMO_PASSWORD)).status).toBe(200);
    // Without the clearing these would be failures 10 and 11: the second would be refused with 429.
    expect((await login(user.email, 'Wrong-pass-a')).status).toBe(401);
    expect((await login(user.email, 'Wrong-pass-b')).status).toBe(401);
    expect((await login(user.email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('allows 20 attempts per minute from one address, then answers 429 with the API error shape', async () => {
    const ip = '10.40.0.1';
    for (let i = 0; i < 20; i++) {
      // Invalid bodies are attempts too, and cost no password check.
      expect((await post('/api/auth/login', { email: 'x', password: 'y' }, { ip })).status).toBe(400);
    }
    const refused = await login('admin@example.ca', DEMO_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: { code: 'too_many_requests', message: 'Too many requests. Please wait a minute and try again.' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('admin@example.ca', DEMO_PASSWORD, '10.40.0.2')).status).toBe(200);
  });
});

describe('API description', () => {
  it('describes every auth route under the auth tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const route of [
      'login',
      'token',
      'logout',
      'request-reset',
      'check-reset',
      'reset-password',
      'change-password',
    ]) {
      const op = paths[`/api/auth/${route}`]?.post;
      expect(op, route).toBeDefined();
      expect(op.tags).toEqual(['auth']);
      expect(op.requestBody, route).toBeDefined();
      expect(op.responses['200'], route).toBeDefined();
    }
    expect(paths['/api/auth/change-password'].post.description).toContain('new accessToken and refreshToken');
  });
});
