import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyIdOf } from '../../src/lib/jwt-keyring.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';

/**
 * Rotating JWT_SECRET without signing anyone out (docs/operations.md, "Rotating the JWT secret"):
 * the app signs under the old secret; a second server, as the process after the restart, holds the
 * new secret with the old one listed in JWT_SECRETS_PREVIOUS; a third has dropped the old one.
 */
const NEXT = 'the-next-jwt-secret-the-next-jwt-secret-01';
let t: TestApp;
let t2: Awaited<ReturnType<TestApp['secondServer']>>;
let t3: Awaited<ReturnType<TestApp['secondServer']>>;
let oldSecret: string;

beforeAll(async () => {
  t = await createTestApp();
  oldSecret = t.config.jwtSecret!;
  t2 = await t.secondServer({ JWT_SECRET: NEXT, JWT_SECRETS_PREVIOUS: oldSecret });
  t3 = await t.secondServer({ JWT_SECRET: NEXT });
  // Three apps started on a shared two-core machine: more than one app's minute.
}, 180_000);
afterAll(async () => {
  await t3.close();
  await t2.close();
  await t.close();
}, 180_000);

const kidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid?: string }).kid;

async function signIn() {
  const res = await t.call('POST', '/api/auth/login', {
    body: { email: t.demo.coordinator.email, password: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json as { accessToken: string; refreshToken: string };
}

describe('access tokens across a JWT_SECRET rotation', () => {
  it('accepts a token signed with the previous secret while it is listed, and refuses it once dropped', async () => {
    const { accessToken } = await signIn();
    expect(kidOf(accessToken)).toBe(keyIdOf(oldSecret));
    expect((await t2.call('GET', '/api/roles', { token: accessToken })).status).toBe(200);
    const dropped = await t3.call('GET', '/api/roles', { token: accessToken });
    expect(dropped.status).toBe(401);
    expect(dropped.json.error.code).toBe('unauthorized');
  });

  it('keeps a signed-in user signed in: a refresh after the rotation gives a token of the new key', async () => {
    const { refreshToken } = await signIn();
    const res = await t2.call('POST', '/api/auth/token', { body: { refreshToken } });
    expect(res.status).toBe(200);
    expect(kidOf(res.json.accessToken as string)).toBe(keyIdOf(NEXT));
    // Valid on every process holding the new secret, the one that dropped the old included.
    expect((await t3.call('GET', '/api/roles', { token: res.json.accessToken })).status).toBe(200);
    expect((await t2.call('GET', '/api/roles', { token: res.json.accessToken })).status).toBe(200);
  });

  it('refuses a token naming a key id no process holds, as any bad token (401 unauthorized)', async () => {
    const { accessToken } = await signIn();
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    // Signed with the real secret, but naming a key id of none of them.
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: '00000000deadbeef' })
      .sign(new TextEncoder().encode(oldSecret));
    for (const call of [t.call, t2.call]) {
      const res = await call('GET', '/api/roles', { token: forged });
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
    }
  });
});

describe('dashboard links across a JWT_SECRET rotation', () => {
  const body = { dashboard: 'clients', start_date: '2025-04-01', end_date: '2026-03-31', centre_id: -1 };
  const tokenOf = (url: string) => url.replace('/embed/dashboard/', '');

  it('opens a link made under the previous secret while it is listed, not once it is dropped', async () => {
    const made = await t.call('POST', '/api/reporting/dashboard-links', { as: 'admin', body });
    expect(made.status).toBe(200);
    const token = tokenOf(made.json.url as string);
    expect((await t2.call('GET', `/api/embed/dashboard/${token}`)).status).toBe(200);
    const dropped = await t3.call('GET', `/api/embed/dashboard/${token}`);
    expect(dropped.status).toBe(401);
    expect(dropped.json.error.code).toBe('invalid_dashboard_link');
  });

  it('makes new links under the new key, which the old-key-only process does not open', async () => {
    // An Admin signed in before the rotation, renewed after it.
    const signedIn = await t.call('POST', '/api/auth/login', {
      body: { email: t.demo.admin.email, password: DEMO_PASSWORD },
    });
    const renewed = await t2.call('POST', '/api/auth/token', {
      body: { refreshToken: signedIn.json.refreshToken as string },
    });
    const link = await t2.call('POST', '/api/reporting/dashboard-links', {
      token: renewed.json.accessToken as string,
      body,
    });
    expect(link.status).toBe(200);
    const token = tokenOf(link.json.url as string);
    expect((await t3.call('GET', `/api/embed/dashboard/${token}`)).status).toBe(200);
    expect((await t.call('GET', `/api/embed/dashboard/${token}`)).status).toBe(401);
  });
});
