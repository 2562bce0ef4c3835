import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';
import { formBody } from '../helpers/users.ts';

/**
 * A user's home page and weekly email (issue 32, My work): chosen on the own account through
 * PUT /users/{id}, answered on the user and at sign-in, validated, and nobody else's to choose.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (as: DemoUserKey, userId: number, body: unknown) =>
  t.call('PUT', `/api/users/${userId}`, { as, body });
const own = (as: DemoUserKey, body: unknown) => put(as, t.demo[as].userId, body);

describe('home and digest', () => {
  it('are unset and off by default, on the user and at sign-in', async () => {
    const user = await t.call('GET', `/api/users/${t.demo.coordinator.userId}`, { as: 'coordinator' });
    expect(user.json).toMatchObject({ home: null, digest: false });
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: t.demo.coordinator.email, password: DEMO_PASSWORD },
    });
    expect(login.json.user).toMatchObject({ home: null, digest: false });
  });

  it('are saved alone on the own account, and answered after', async () => {
    const res = await own('coordinator', { home: 'clients', digest: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ home: 'clients', digest: true });
    expect((await own('coordinator', { home: 'my_work' })).json).toMatchObject({
      home: 'my_work',
      digest: true,
    });
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: t.demo.coordinator.email, password: DEMO_PASSWORD },
    });
    expect(login.json.user).toMatchObject({ home: 'my_work', digest: true });
    // Empty or null: back to the role's default.
    expect((await own('coordinator', { home: '', digest: false })).json).toMatchObject({
      home: null,
      digest: false,
    });
    expect((await own('coordinator', { home: null })).json.home).toBeNull();
  });

  it('are saved beside the whole user the account form sends', async () => {
    const me = (await t.call('GET', `/api/users/${t.demo.coordinator.userId}`, { as: 'coordinator' })).json;
    const res = await own('coordinator', { ...formBody(me), home: 'clients' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ home: 'clients', first_name: me.first_name });
  });

  it('refuses values that are not choices (400)', async () => {
    for (const body of [{ home: 'reports' }, { home: 3 }, { digest: 'yes' }, { digest: null }]) {
      const res = await own('coordinator', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.error.field_codes)).toEqual([Object.keys(body)[0]]);
    }
  });

  it('keep My work for those with a caseload: Clients as home for anyone (400 my_work_unavailable)', async () => {
    for (const as of ['admin', 'reporter'] as const) {
      expect((await own(as, { home: 'clients', digest: false })).status, as).toBe(200);
      const home = await own(as, { home: 'my_work' });
      expect(home.status, as).toBe(400);
      expect(home.json.error.code).toBe('my_work_unavailable');
      expect(home.json.error.field_codes.home.code).toBe('my_work_unavailable');
      const digest = await own(as, { digest: true });
      expect(digest.json.error.field_codes.digest.code).toBe('my_work_unavailable');
    }
  });

  it("are nobody else's to choose, not even an Admin's (403)", async () => {
    const coordinator = t.demo.coordinator.userId;
    for (const body of [{ home: 'clients' }, { digest: false }]) {
      const res = await put('admin', coordinator, body);
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('preferences_own_account_only');
    }
    // Another Coordinator has no right on the account at all.
    expect((await put('coordinator2', coordinator, { home: 'clients' })).status).toBe(403);
    // The Admin's other changes of the account still work.
    expect((await put('admin', coordinator, { active: true })).status).toBe(200);
  });
});

describe('language (locale)', () => {
  it('is English by default, chosen on the own account, answered on the user and at sign-in', async () => {
    const id = t.demo.reporter.userId;
    const before = (await t.call('GET', `/api/users/${id}`, { as: 'reporter' })).json;
    expect(before.locale).toBe('en');
    const res = await own('reporter', { locale: 'fr' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // The other preferences as they were.
    expect(res.json).toMatchObject({ locale: 'fr', home: before.home, digest: before.digest });
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: t.demo.reporter.email, password: DEMO_PASSWORD },
    });
    expect(login.json.user.locale).toBe('fr');
    // Kept beside the whole user the account form sends.
    const me = (await t.call('GET', `/api/users/${id}`, { as: 'reporter' })).json;
    expect((await own('reporter', { ...formBody(me), locale: 'en' })).json.locale).toBe('en');
  });

  it('refuses a language that is not offered (400 on locale)', async () => {
    for (const locale of ['de', 'FR', '', null, 1]) {
      const res = await own('reporter', { locale });
      expect(res.status, JSON.stringify(locale)).toBe(400);
      expect(Object.keys(res.json.error.field_codes)).toEqual(['locale']);
    }
  });

  it("is nobody else's to choose, not even an Admin's (403)", async () => {
    const res = await put('admin', t.demo.reporter.userId, { locale: 'fr' });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('preferences_own_account_only');
  });
});
