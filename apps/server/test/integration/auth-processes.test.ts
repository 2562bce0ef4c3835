import { ROLE } from '@cairn/shared/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, type TestContext } from 'vitest';
import { LISTENER_NAME } from '../../src/lib/change-notices.ts';
import { authCalls } from '../helpers/auth.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { formBody, userCalls } from '../helpers/users.ts';

/**
 * Issue 27: a change made through one process is honoured by every other within a second. Two
 * servers on one PostgreSQL database, each with its own pool and its own cache of signed-in users
 * (five seconds): only the notices between them (LISTEN/NOTIFY) make the second refuse in time.
 * PGlite serves one process only, so these run on PostgreSQL alone.
 */
let t: TestApp;
let b: Awaited<ReturnType<TestApp['secondServer']>>;
beforeAll(async () => {
  t = await createTestApp();
  if (t.dbKind === 'postgres') b = await t.secondServer();
});
afterAll(async () => {
  await b?.close();
  await t.close();
});

const { login, post, createUser: createAccount } = authCalls(() => t);
const { createUser } = userCalls(() => t);

/** The listening connections of both servers, on this test's database. */
async function listeners(): Promise<number> {
  const result = await t.db.execute(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ${LISTENER_NAME}`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/** Resolves once `check` holds, polling; fails after `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Milliseconds from now until B answers `status` to the call, polling; fails past five seconds. */
async function delayUntil(call: () => Promise<{ status: number }>, status: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const res = await call();
    const elapsed = Date.now() - start;
    if (res.status === status) return elapsed;
    if (elapsed > 5000) throw new Error(`still ${res.status} after ${elapsed} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function postgresOnly(ctx: TestContext) {
  if (t.dbKind !== 'postgres') ctx.skip();
}

describe('two processes on one database (issue 27)', () => {
  // Both servers listening: otherwise their short fallback lifetime would pass these tests alone.
  beforeEach(async (ctx) => {
    postgresOnly(ctx);
    await until(async () => (await listeners()) === 2, 5000, 'both servers listening');
  });

  it('a sign-out through A refuses the access token on B within a second', async () => {
    const user = await createAccount();
    const signedIn = await login(user.email, DEMO_PASSWORD);
    const token = signedIn.json.accessToken as string;
    // B has looked the session up: it sits in B's cache for five seconds.
    expect((await b.call('GET', '/api/roles', { token })).status).toBe(200);

    expect((await post('/api/auth/logout', { refreshToken: signedIn.json.refreshToken })).status).toBe(200);
    const delay = await delayUntil(() => b.call('GET', '/api/roles', { token }), 401);
    expect(delay).toBeLessThan(1000);
  });

  it('a reused refresh token through A ends the session on B within a second', async () => {
    const user = await createAccount();
    const signedIn = await login(user.email, DEMO_PASSWORD);
    const rotated = await post('/api/auth/token', { refreshToken: signedIn.json.refreshToken });
    const token = rotated.json.accessToken as string;
    expect((await b.call('GET', '/api/roles', { token })).status).toBe(200);

    expect((await post('/api/auth/token', { refreshToken: signedIn.json.refreshToken })).status).toBe(404);
    expect(await delayUntil(() => b.call('GET', '/api/roles', { token }), 401)).toBeLessThan(1000);
  });

  it('a role change through A applies on B within a second', async () => {
    const { id, user } = await createUser();
    const token = await t.tokenForId(id);
    expect((await b.call('GET', '/api/clients', { token })).status).toBe(200);

    const res = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(user, { roles: [{ role_id: ROLE.reporter }] }),
    });
    expect(res.status).toBe(200);
    expect(await delayUntil(() => b.call('GET', '/api/clients', { token }), 403)).toBeLessThan(1000);
  });

  it('a centre move through A applies on B within a second', async () => {
    const client = await createClient(t, 'coordinator');
    const { id, user } = await createUser();
    const token = await t.tokenForId(id);
    const read = () => b.call('GET', `/api/clients/${client.client_id}`, { token });
    expect((await read()).status).toBe(200);

    const res = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(user, { centre: { centre_id: t.demo.coordinator2.centreId } }),
    });
    expect(res.status).toBe(200);
    // Another centre's client: 404, as for a client that does not exist.
    expect(await delayUntil(read, 404)).toBeLessThan(1000);
  });

  it('a deletion through A refuses the user on B within a second', async () => {
    const { id } = await createUser();
    const token = await t.tokenForId(id);
    expect((await b.call('GET', '/api/roles', { token })).status).toBe(200);

    expect((await t.call('DELETE', `/api/users/${id}`, { as: 'admin' })).status).toBe(200);
    expect(await delayUntil(() => b.call('GET', '/api/roles', { token }), 401)).toBeLessThan(1000);
  });

  it('a deactivation through A refuses the user on B within a second', async () => {
    const { id } = await createUser();
    const token = await t.tokenForId(id);
    expect((await b.call('GET', '/api/roles', { token })).status).toBe(200);

    expect((await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: { active: false } })).status).toBe(
      200,
    );
    expect(await delayUntil(() => b.call('GET', '/api/roles', { token }), 401)).toBeLessThan(1000);
  });

  it('while the listening connections are down, a change still applies within a second; they come back', async () => {
    const first = await createUser();
    const token = await t.tokenForId(first.id);
    expect((await b.call('GET', '/api/clients', { token })).status).toBe(200);

    // Both servers lose their listening connection, as in a network cut or a database restart.
    await t.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = ${LISTENER_NAME}`,
    );
    const res = await t.call('PUT', `/api/users/${first.id}`, {
      as: 'admin',
      body: formBody(first.user, { roles: [{ role_id: ROLE.reporter }] }),
    });
    expect(res.status).toBe(200);
    expect(await delayUntil(() => b.call('GET', '/api/clients', { token }), 403)).toBeLessThan(1000);

    // Both listen again, and notices reach B again.
    await until(async () => (await listeners()) === 2, 5000, 'both servers listening again');
    const second = await createUser();
    const other = await t.tokenForId(second.id);
    expect((await b.call('GET', '/api/clients', { token: other })).status).toBe(200);
    const moved = await t.call('PUT', `/api/users/${second.id}`, {
      as: 'admin',
      body: formBody(second.user, { roles: [{ role_id: ROLE.reporter }] }),
    });
    expect(moved.status).toBe(200);
    expect(await delayUntil(() => b.call('GET', '/api/clients', { token: other }), 403)).toBeLessThan(1000);
  });
});
