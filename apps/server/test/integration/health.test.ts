import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/lib/access-tokens.ts';
import { keyringOf } from '../../src/lib/jwt-keyring.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok with the database kind when the database answers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('sets the security headers and no-store on the API', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['pragma']).toBe('no-cache');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // Not in production: no HSTS over the plain HTTP of a development machine.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sets the security headers outside the API too, without no-store', async () => {
    const res = await t.call('GET', '/no-such-page.txt');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).not.toBe('no-store');
    expect(res.headers['pragma']).toBeUndefined();
  });

  it('describes the API in OpenAPI at /api/docs, without a token', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toMatch(/^3\./);
    expect(Object.keys(res.json.paths)).toContain('/api/health');
    const page = await t.call('GET', '/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API path with the JSON 404', async () => {
    const res = await t.call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('route_not_found');
  });
});

describe('GET /api/roles', () => {
  it('needs a signed-in user', async () => {
    const res = await t.call('GET', '/api/roles');
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
  });

  it('lists the three roles', async () => {
    const res = await t.call('GET', '/api/roles', { as: 'reporter' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { role_id: 1, title: 'Admin' },
      { role_id: 2, title: 'Coordinator' },
      { role_id: 3, title: 'Reporter' },
    ]);
  });

  it('refuses a token signed with another secret', async () => {
    const genuine = await t.tokenForId(t.demo.admin.userId);
    const claims = await createAccessTokens(keyringOf(t.config.jwtSecret!)).verify(genuine);
    // The same well-formed claims, signed by the app's own code: only the secret differs.
    const forged = await createAccessTokens(keyringOf('another-secret-another-secret-0123456789')).sign(
      claims!,
    );
    expect((await t.call('GET', '/api/roles', { token: genuine })).status).toBe(200);
    const res = await t.call('GET', '/api/roles', { token: forged });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
  });
});

describe('GET /api/health when the database is gone', () => {
  it('answers 503', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.call('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.json.status).toBe('unavailable');
    } finally {
      await other.close();
    }
  });
});
