import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordTokens } from '../../src/db/schema/auth.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { issuePasswordLink } from '../../src/modules/auth/password-links.service.ts';
import { authCalls, INVALID_CREDENTIALS, NEW_PASSWORD } from '../helpers/auth.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';

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

const { post, login, get, createUser } = authCalls(() => t);

/** The first message to `email` after the first `skip` messages of the mailbox, once it has arrived. */
const mailTo = (app: TestApp, email: string, skip: number) => app.mailbox.arrived(email, skip);

function linkIn(raw: string) {
  const match = raw.match(/http:\/\/cairn\.test\/login\/reset-password\?token=([A-Za-z0-9_%-]+)&id=(\d+)/);
  expect(match, 'the email holds a reset link').not.toBeNull();
  return { token: decodeURIComponent(match![1]!), id: Number(match![2]) };
}

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
        { userId: invited.userId, email: invited.email, firstName: 'Pat', locale: 'en' },
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
