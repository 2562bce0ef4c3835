import { ROLE } from '@cairn/shared/roles';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/users.ts';
import type { TestApp } from './test-app.ts';

export const NEW_PASSWORD = 'Fresh-pass-42';
export const INVALID_CREDENTIALS = {
  error: { code: 'invalid_credentials', message: 'Incorrect email and password combination.' },
};

/**
 * The sign-in routes as a browser reaches them, against the file's app (`app()`, read at call
 * time because the app opens in `beforeAll`).
 */
export function authCalls(app: () => TestApp) {
  // Each request comes from a new address unless a test names one, so the per-address limits
  // only bite in the tests written for them.
  let addressCount = 0;
  const newAddress = () => `10.20.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

  async function post(
    url: string,
    body: unknown,
    options: { ip?: string; token?: string; app?: TestApp } = {},
  ) {
    const res = await (options.app ?? app()).app.inject({
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
    const res = await app().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return res.statusCode;
  }

  let userCount = 0;
  /** A user of its own for a test that changes or locks the account; password DEMO_PASSWORD unless null. */
  async function createUser(options: { withPassword?: boolean } = {}) {
    const t = app();
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

  return { post, login, get, createUser };
}
