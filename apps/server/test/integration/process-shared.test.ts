import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDailyRun, releaseDailyRun } from '../../src/db/process-shared.ts';
import { verifyTrail } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';

/**
 * What several processes on one database count and run together (docs/ARCHITECTURE.md, "Several
 * processes"): the sign-in rate limit is one count whichever process answers, and a daily job
 * runs once a day whatever the number of processes. Two servers on one PostgreSQL database (on
 * PGlite, one server: the same count, the same claims).
 */
const LIMIT = 10;
let t: TestApp;
let b: Awaited<ReturnType<TestApp['secondServer']>>;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  b = await t.secondServer();
});
afterAll(async () => {
  await b.close();
  await t.close();
});

/** A failed sign-in, each for another address, so the accounts' lockout never answers (only the limit). */
let tried = 0;
const badSignIn = (call: TestApp['call']) =>
  call('POST', '/api/auth/login', {
    body: { email: `nobody${++tried}@example.ca`, password: 'wrong-password-1' },
  });

describe('several processes, one count', () => {
  it(`allows ${LIMIT} sign-ins a minute from one address across two processes, not ${LIMIT} each`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await badSignIn(i % 2 === 0 ? t.call : b.call)).status);
    expect(statuses.slice(0, LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual(Array.from({ length: 30 - LIMIT }, () => 429));
    const refused = await badSignIn(b.call);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('opens a new window once the last is over', async () => {
    await t.db.execute(sql`UPDATE rate_limits SET window_started = now() - interval '61 seconds'`);
    expect((await badSignIn(b.call)).status).toBe(401);
    expect((await badSignIn(t.call)).status).toBe(401);
  });

  it('runs each daily job once a day whatever the number of processes, and again after a failed run', async () => {
    const runs = (await t.db.execute(
      sql`SELECT job, ran_on::text AS ran_on FROM daily_job_runs ORDER BY job`,
    )) as unknown as {
      rows: Array<{ job: string; ran_on: string }>;
    };
    const today = (
      (await t.db.execute(sql`SELECT current_date::text AS today`)) as unknown as {
        rows: Array<{ today: string }>;
      }
    ).rows[0]!.today;
    // Both servers looked at their start; each job is claimed once, for today.
    expect(runs.rows).toEqual([
      { job: 'audit_retention', ran_on: today },
      { job: 'ministry_files_cleanup', ran_on: today },
      { job: 'my_work_digest', ran_on: today },
      { job: 'rate_limit_cleanup', ran_on: today },
      { job: 'served_years', ran_on: today },
    ]);
    expect(await claimDailyRun(t.db, 'served_years')).toBe(false);
    await releaseDailyRun(t.db, 'served_years');
    expect(await claimDailyRun(t.db, 'served_years')).toBe(true);
    expect(await claimDailyRun(t.db, 'served_years')).toBe(false);
  });
});

describe('several processes, one truth', () => {
  it('a catalogue list version (ETag) is the same through either process, and a save through one changes it for the other', async () => {
    const first = await t.call('GET', '/api/barriers', { as: 'coordinator' });
    const etag = first.headers.etag as string;
    const same = await b.call('GET', '/api/barriers', { as: 'reporter', headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    const {
      barrier_id: id,
      reporting_type_name: _n,
      is_other: _o,
      ...fields
    } = (first.json as any[]).find((item) => !item.is_other);
    const saved = await b.call('PUT', `/api/barriers/${id}`, {
      as: 'admin',
      body: { ...fields, description: 'Changed through the second process' },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const changed = await t.call('GET', '/api/barriers', {
      as: 'coordinator',
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("an account's lockout counts failures through both processes as one", async () => {
    const email = t.demo.reporter.email;
    const signIn = (call: TestApp['call'], password: string) =>
      call('POST', '/api/auth/login', { body: { email, password } });
    // The address's rate limit is set aside (a window of its own each time): only the account's count.
    const freshWindow = () =>
      t.db.execute(sql`UPDATE rate_limits SET window_started = now() - interval '61 seconds'`);
    for (let i = 0; i < 10; i++) {
      await freshWindow();
      expect((await signIn(i % 2 === 0 ? t.call : b.call, `Wrong-pass-${i}`)).status).toBe(401);
    }
    await freshWindow();
    const locked = await signIn(b.call, DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.json.error.code).toBe('too_many_login_failures');
    await freshWindow();
    expect((await signIn(t.call, DEMO_PASSWORD)).json.error.code).toBe('too_many_login_failures');
  });

  it('the audit chain holds entries written through both processes, in one unbroken chain', async () => {
    for (let i = 0; i < 6; i++) await createClient(i % 2 === 0 ? t : { ...t, call: b.call }, 'coordinator');
    await t.app.audit.flush();
    expect((await verifyTrail(t)).code).toBe(0);
  });
});
