import { NO_CENTRE_ID } from '@cairn/shared/limits';
import { ROLE } from '@cairn/shared/roles';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** The body the web form sends back for a user: the whole user, as read. */
export function formBody(user: Record<string, any>, patch: Record<string, unknown> = {}) {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    centre: user.centre ? { centre_id: user.centre.centre_id } : { centre_id: NO_CENTRE_ID },
    roles: user.roles.map((r: { role_id: number }) => ({ role_id: r.role_id })),
    ...patch,
  };
}

/**
 * The user-management calls an Admin makes, against the file's app (`app()`, read at call time
 * because the app opens in `beforeAll`).
 */
export function userCalls(app: () => TestApp) {
  let seq = 0;
  /** A new Coordinator of the demo Coordinator's centre, with a name and email of its own. */
  function newUserBody(overrides: Record<string, unknown> = {}) {
    seq += 1;
    return {
      first_name: 'Jordan',
      last_name: `Tester${seq}`,
      email: `jordan.tester${seq}@example.ca`,
      centre: { centre_id: app().demo.coordinator.centreId },
      roles: [{ role_id: ROLE.coordinator }],
      ...overrides,
    };
  }

  async function createUser(overrides: Record<string, unknown> = {}) {
    const res = await app().call('POST', '/api/users', { as: 'admin', body: newUserBody(overrides) });
    expect(res.status).toBe(201);
    return res.json as { id: number; user: Record<string, any>; invite?: { token: string; id: number } };
  }

  async function read(userId: number) {
    return (await app().call('GET', `/api/users/${userId}`, { as: 'admin' })).json;
  }

  return { newUserBody, createUser, read };
}

/**
 * A centre of its own and a Coordinator of it, so that a list in their scope holds exactly the
 * clients a test makes: the centre's id, the Coordinator's id and a token to call as them.
 */
export async function centreWithCoordinator(t: TestApp, centreName: string, firstName: string) {
  const centre = await t.call('POST', '/api/centres', {
    as: 'admin',
    body: { name: centreName, phone: '204-555-0100' },
  });
  expect(centre.status).toBe(201);
  const user = await t.call('POST', '/api/users', {
    as: 'admin',
    body: {
      first_name: firstName,
      last_name: 'Coordinator',
      email: `${firstName.toLowerCase()}@example.ca`,
      centre: { centre_id: centre.json.id },
      roles: [{ role_id: ROLE.coordinator }],
    },
  });
  expect(user.status).toBe(201);
  const userId: number = user.json.id;
  return { centreId: centre.json.id as number, userId, who: { token: await t.tokenForId(userId) } };
}
