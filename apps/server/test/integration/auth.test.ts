import { ROLE } from '@cairn/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginFailures, passwordTokens, refreshTokens } from '../../src/db/schema/auth.ts';
import { users } from '../../src/db/schema/users.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { issuePasswordLink } from '../../src/modules/auth/password-links.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'Fresh-pass-42';
const INVALID_CREDENTIALS = {
  error: { code: 'invalid_credentials', message: 'Incorrect email and password combination.' },
};
const INVALID_LINK = {
  error: {
    code: 'invalid_reset_link',
    message:
      'This link is either invalid or has expired. Please ensure the URL is correct or attempt resetting your password again.',
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each request comes from a new address unless a test names one, so the per-address limits
// only bite in the tests written for them.
let addressCount = 0;
const newAddress = () => `10.20.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

async function post(
  url: string,
  body: unknown,
  options: { ip?: string; token?: string; app?: TestApp } = {},
) {
  const res = await (options.app ?? t).app.inject({
    method: 'POST',
    url,
    remoteAddress: options.ip ?? newAddress(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    payload: body as object,
  });
  return { status: res.statusCode, json: res.json(), body: res.body, headers: res.headers };
}

const login = (email: string, password: string, ip?: string) =>
  post('/api/auth/login', { email, password }, { ip });

async function get(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return res.statusCode;
}

let userCount = 0;
/** A user of its own for a test that changes or locks the account; password DEMO_PASSWORD unless null. */
async function createUser(options: { withPassword?: boolean } = {}) {
  const email = `person${++userCount}@example.ca`;
  const [demo] = await t.db.select().from(users).where(eq(users.userId, t.demo.coordinator.userId));
  const [row] = await t.db
    .insert(users)
    .values({
      firstName: 'Pat',
      lastName: `Person${userCount}`,
      email,
      // The demo users' hash of DEMO_PASSWORD: no extra argon2 run per user.
      passwordHash: options.withPassword === false ? null : demo!.passwordHash,
      roleId: ROLE.coordinator,
      centreId: demo!.centreId,
    })
    .returning({ userId: users.userId });
  return { userId: row!.userId, email };
}

/** The first message to `email` after the first `skip` messages of the mailbox, once it has arrived. */
async function mailTo(app: TestApp, email: string, skip: number) {
  return vi.waitFor(
    () => {
      const mail = app.mailbox.messages.slice(skip).find((m) => m.to.includes(email));
      if (!mail) throw new Error(`no mail to ${email} yet`);
      return mail;
    },
    { timeout: 5000, interval: 20 },
  );
}

function linkIn(raw: string) {
  const match = raw.match(/http:\/\/cairn\.test\/login\/reset-password\?token=([A-Za-z0-9_%-]+)&id=(\d+)/);
  expect(match, 'the email holds a reset link').not.toBeNull();
  return { token: decodeURIComponent(match![1]!), id: Number(match![2]) };
}

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

describe('forgot and reset password', () => {
  it('emails a link that checks, sets the password once, and ends every session', async () => {
    const user = await createUser();
    const before = await login(user.email, DEMO_PASSWORD);
    const skip = t.mailbox.messages.length;

    const requested = await post('/api/auth/request-reset', { email: user.email.toUpperCase() });
    expect(requested.status).toBe(200);
    const mail = await mailTo(t, user.email, skip);
    expect(mail.raw).toContain('Reset your Cairn password');
    const link = linkIn(mail.raw);
    // Demo mode: the answer carries the same link, for the demo-only link on screen.
    expect(requested.json).toEqual({ sent: true, token: link.token, id: link.id });

    const checked = await post('/api/auth/check-reset', link);
    expect(checked.status).toBe(200);
    expect(checked.json).toEqual({ valid: true, purpose: 'reset' });

    const reset = await post('/api/auth/reset-password', { ...link, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ ok: true });

    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(user.email, DEMO_PASSWORD)).json).toEqual(INVALID_CREDENTIALS);
    // The sessions opened before the reset are over.
    expect((await post('/api/auth/token', { refreshToken: before.json.refreshToken })).status).toBe(404);
    expect(await get('/api/roles', before.json.accessToken)).toBe(401);

    // Single use.
    expect((await post('/api/auth/check-reset', link)).json).toEqual(INVALID_LINK);
    const again = await post('/api/auth/reset-password', { ...link, password: 'Another-pass-7' });
    expect(again.status).toBe(404);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link, a wrong token, an unknown id and a link replaced by a newer one', async () => {
    const user = await createUser();
    const first = await post('/api/auth/request-reset', { email: user.email });
    const second = await post('/api/auth/request-reset', { email: user.email });
    const { token, id } = second.json;

    const refused = [
      await post('/api/auth/check-reset', { token: first.json.token, id: first.json.id }),
      await post('/api/auth/check-reset', { token: `${token}x`, id }),
      await post('/api/auth/check-reset', { token: first.json.token, id }),
      await post('/api/auth/check-reset', { token, id: id + 1000 }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual(INVALID_LINK);
    }
    expect((await post('/api/auth/check-reset', { token, id })).status).toBe(200);

    await t.db
      .update(passwordTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordTokens.id, id));
    expect((await post('/api/auth/check-reset', { token, id })).json).toEqual(INVALID_LINK);
    expect((await post('/api/auth/reset-password', { token, id, password: NEW_PASSWORD })).status).toBe(404);
    expect((await login(user.email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('answers an unknown email with the same shape, a link that never validates and no email', async () => {
    const skip = t.mailbox.messages.length;
    const res = await post('/api/auth/request-reset', { email: 'nobody@example.ca' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ sent: true, token: expect.any(String), id: expect.any(Number) });
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await post('/api/auth/check-reset', { token: res.json.token, id: res.json.id })).status).toBe(
      404,
    );
    // A real request after it is delivered; the unknown address got nothing.
    const user = await createUser();
    await post('/api/auth/request-reset', { email: user.email });
    await mailTo(t, user.email, skip);
    expect(t.mailbox.messages.slice(skip).some((m) => m.to.includes('nobody@example.ca'))).toBe(false);
  });

  it('answers 400 with the spec messages', async () => {
    const missing = await post('/api/auth/request-reset', {});
    expect(missing.json.error.fields).toEqual({ email: 'Email is required' });
    const invalid = await post('/api/auth/request-reset', { email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.fields).toEqual({ email: 'Must be a valid email' });

    const user = await createUser();
    const { json } = await post('/api/auth/request-reset', { email: user.email });
    const weak = await post('/api/auth/reset-password', {
      token: json.token,
      id: json.id,
      password: 'weakpass',
    });
    expect(weak.status).toBe(400);
    expect(weak.json.error.fields).toEqual({ password: 'Password must contain an uppercase letter' });
    // The refused attempt did not use up the link.
    expect((await post('/api/auth/check-reset', { token: json.token, id: json.id })).status).toBe(200);
  });

  it('limits reset requests to 5 per minute from one address', async () => {
    const ip = '10.50.0.1';
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/request-reset', { email: `someone${i}@example.ca` }, { ip })).status,
      ).toBe(200);
    }
    const res = await post('/api/auth/request-reset', { email: 'someone@example.ca' }, { ip });
    expect(res.status).toBe(429);
    expect(res.json.error.code).toBe('too_many_requests');
  });

  it('lets an invited user without a password set one through the invitation link', async () => {
    const invited = await createUser({ withPassword: false });
    const mailer = createMailer(t.config.smtp, pino({ level: 'silent' }));
    const skip = t.mailbox.messages.length;
    try {
      await issuePasswordLink(
        { db: t.db, mailer, config: t.config },
        { userId: invited.userId, email: invited.email, firstName: 'Pat' },
        'invite',
      );
    } finally {
      mailer.close();
    }
    const link = linkIn((await mailTo(t, invited.email, skip)).raw);
    expect((await post('/api/auth/check-reset', link)).json).toEqual({ valid: true, purpose: 'invite' });
    expect((await post('/api/auth/reset-password', { ...link, password: NEW_PASSWORD })).status).toBe(200);
    const res = await login(invited.email, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(invited.email);
  });

  it('clears the failed sign-ins of the account whose password was reset', async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i++) await login(user.email, `Wrong-pass-${i}`);
    expect((await login(user.email, DEMO_PASSWORD)).status).toBe(429);
    const { json } = await post('/api/auth/request-reset', { email: user.email });
    expect(
      (await post('/api/auth/reset-password', { token: json.token, id: json.id, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('request-reset in production mode', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => prod.close());

  it('never returns the token or id, and answers an unknown email identically', async () => {
    const skip = prod.mailbox.messages.length;
    const known = await post('/api/auth/request-reset', { email: 'reporter@example.ca' }, { app: prod });
    const unknown = await post('/api/auth/request-reset', { email: 'nobody@example.ca' }, { app: prod });
    expect(known.status).toBe(200);
    expect(known.body).toBe('{"sent":true}');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    // The known address still gets its link by email.
    const link = linkIn((await mailTo(prod, 'reporter@example.ca', skip)).raw);
    expect((await post('/api/auth/check-reset', link, { app: prod })).status).toBe(200);
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
