import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPORTING_LIMITS } from '@cairn/shared/reporting.schemas';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createSigners } from '../../src/lib/signers.ts';
import { createActorCache } from '../../src/lib/actor-cache.ts';
import { createDashboardLinks } from '../../src/lib/dashboard-links.ts';
import { keyringOf } from '../../src/lib/jwt-keyring.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const body = (patch: Record<string, unknown> = {}) => ({
  dashboard: 'clients',
  start_date: '2025-04-01',
  end_date: '2026-03-31',
  centre_id: -1,
  ...patch,
});

const link = (as: DemoUserKey | null, patch: Record<string, unknown> = {}) =>
  t.call('POST', '/api/reporting/dashboard-links', { ...(as ? { as } : {}), body: body(patch) });

const tokenOf = (url: string) => url.replace('/embed/dashboard/', '');
const embed = (token: string) => t.call('GET', `/api/embed/dashboard/${token}`);

describe('dashboard links: who may ask', () => {
  it('answers 401 without a sign-in', async () => {
    expect((await link(null)).status).toBe(401);
  });

  it('gives every role a link to each dashboard that lives 600 seconds', async () => {
    for (const as of ['admin', 'coordinator', 'reporter'] as const) {
      for (const dashboard of [
        'clients',
        'client_interactions',
        'plans',
        'outcomes',
        'supports_trainings',
        'stories',
      ]) {
        const before = Date.now();
        const res = await link(as, { dashboard });
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        expect(res.json.url).toMatch(/^\/embed\/dashboard\/[A-Za-z0-9_-]+$/);
        const expires = Date.parse(res.json.expires_at as string);
        expect(expires - before).toBeGreaterThan((REPORTING_LIMITS.linkSeconds - 2) * 1000);
        expect(expires - Date.now()).toBeLessThanOrEqual(REPORTING_LIMITS.linkSeconds * 1000);
        expect((await embed(tokenOf(res.json.url as string))).json.dashboard).toBe(dashboard);
      }
    }
  });

  it('holds a Coordinator to their own centre, whatever they send', async () => {
    for (const centre_id of [-1, t.demo.coordinator2.centreId!, 2147483647]) {
      const res = await link('coordinator', { centre_id });
      expect(res.status).toBe(200);
      const data = await embed(tokenOf(res.json.url as string));
      expect(data.json.params.centre_id).toBe(t.demo.coordinator.centreId);
    }
  });

  it('lets Admins and Reporters choose a centre or all, and answers 404 for a centre that does not exist', async () => {
    for (const as of ['admin', 'reporter'] as const) {
      const other = await link(as, { centre_id: t.demo.coordinator2.centreId });
      expect((await embed(tokenOf(other.json.url as string))).json.params.centre_id).toBe(
        t.demo.coordinator2.centreId,
      );
      const all = await link(as, { centre_id: -1 });
      expect((await embed(tokenOf(all.json.url as string))).json.params).toMatchObject({
        centre_id: -1,
        centre_name: null,
      });
      const missing = await link(as, { centre_id: 999999 });
      expect(missing.status).toBe(404);
      expect(missing.json.error.code).toBe('centre_not_found');
    }
  });
});

describe('dashboard links: bad input', () => {
  it('answers 400 for a reversed range, a bad date, an unknown dashboard or a centre below -1', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ start_date: '2026-04-01', end_date: '2026-03-31' }, 'end_date'],
      [{ start_date: '2025-02-30' }, 'start_date'],
      [{ end_date: 'tomorrow' }, 'end_date'],
      [{ dashboard: 'salaries' }, 'dashboard'],
      [{ centre_id: -2 }, 'centre_id'],
      [{ start_date: '2000-01-01', end_date: '2030-01-01' }, 'end_date'],
    ];
    for (const [patch, field] of cases) {
      const res = await link('admin', patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(Object.keys(res.json.error.fields)).toContain(field);
    }
  });

  it('accepts a range of one day (start equal to end)', async () => {
    expect((await link('admin', { start_date: '2025-04-01', end_date: '2025-04-01' })).status).toBe(200);
  });
});

describe('dashboard links: the token is the credential', () => {
  it('answers the data without a sign-in, and 401 with no data for a tampered token', async () => {
    const token = tokenOf((await link('coordinator')).json.url as string);
    expect((await embed(token)).status).toBe(200);
    const bytes = Buffer.from(token, 'base64url');
    const payload = bytes.subarray(0, bytes.length - 32);
    const mac = bytes.subarray(bytes.length - 32);
    // Another centre written into the payload, the signature kept.
    const claims = JSON.parse(payload.toString()) as Record<string, unknown>;
    const forged = Buffer.concat([Buffer.from(JSON.stringify({ ...claims, centre_id: -1 })), mac]);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 1;
    const b64 = (b: Buffer) => b.toString('base64url');
    for (const bad of [
      b64(forged),
      b64(flipped),
      b64(payload),
      b64(mac),
      'nonsense',
      `${token}.x`,
      `${token}=`,
    ]) {
      const res = await embed(bad);
      expect(res.status, bad).toBe(401);
      expect(res.json).toEqual({
        error: { code: 'invalid_dashboard_link', message: expect.any(String) },
      });
    }
  });

  it('accepts only the canonical encoding of a signed token, not the variants of its last character', async () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let checked = 0;
    for (const dashboard of ['clients', 'plans', 'outcomes', 'client_interactions', 'supports_trainings']) {
      const token = tokenOf((await link('admin', { dashboard })).json.url as string);
      const bytes = Buffer.from(token, 'base64url');
      // Every text that decodes to the same bytes: the last character with other unused bits.
      const variants = [...ALPHABET]
        .map((c) => `${token.slice(0, -1)}${c}`)
        .filter((v) => Buffer.from(v, 'base64url').equals(bytes));
      expect(variants).toContain(token);
      if (variants.length !== 4) continue;
      checked += 1;
      for (const variant of variants) {
        const res = await embed(variant);
        expect(res.status, variant).toBe(variant === token ? 200 : 401);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('refuses a token signed with another secret', async () => {
    const foreign = createDashboardLinks(keyringOf('another-secret-another-secret-0123456')).sign({
      dashboard: 'clients',
      start_date: '2025-04-01',
      end_date: '2026-03-31',
      centre_id: -1,
    });
    expect((await embed(foreign.token)).status).toBe(401);
  });

  it('refuses a token once its 600 seconds are over (the server clock moved, no wait)', async () => {
    const token = tokenOf((await link('reporter')).json.url as string);
    t.advanceClock((REPORTING_LIMITS.linkSeconds - 5) * 1000);
    expect((await embed(token)).status).toBe(200);
    t.advanceClock(10_000);
    const res = await embed(token);
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('invalid_dashboard_link');
    expect(res.json.figures).toBeUndefined();
    // A new link works again.
    expect((await embed(tokenOf((await link('reporter')).json.url as string))).status).toBe(200);
  });
});

describe('the embedded dashboard page', () => {
  it('may be framed by Cairn alone (frame-ancestors self), while other pages may not be framed', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cairn</title>');
    const app = await buildApp(
      {
        config: t.config,
        db: t.db,
        dbKind: t.dbKind,
        mailer: createMailer(t.config.smtp, pino({ level: 'silent' })),
        clientCrypto: t.clientCrypto,
        actors: createActorCache(),
        ...createSigners(t.config),
      },
      { webDistDir: dist },
    );
    try {
      const token = tokenOf((await link('admin')).json.url as string);
      const page = await app.inject({ method: 'GET', url: `/embed/dashboard/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Cairn</title>');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      const reports = await app.inject({ method: 'GET', url: '/reports' });
      expect(reports.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(reports.headers['x-frame-options']).toBe('DENY');
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
