import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { DemoUserKey, TestApp } from './test-app.ts';

/** One call of a module's access matrix: a route, and the body it is sent with (if any). */
export interface RouteCall {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
}

/** Makes every call (as `as`, or without a token) and checks each answer's status and error. */
async function expectEach(
  t: TestApp,
  as: DemoUserKey | undefined,
  calls: readonly RouteCall[],
  status: number,
  checkError: (error: any, label: string) => void,
): Promise<void> {
  for (const { method, url, body } of calls) {
    const res = await t.call(method, url, { as, body });
    const label = `${method} ${url}`;
    expect(res.status, label).toBe(status);
    checkError(res.json?.error, label);
  }
}

/** Every call, made without a token, answers 401 unauthorized. */
export function expectSignInRequired(t: TestApp, calls: readonly RouteCall[]): Promise<void> {
  return expectEach(t, undefined, calls, 401, (error, label) =>
    expect(error?.code, label).toBe('unauthorized'),
  );
}

/**
 * Every call, made as `as`, answers 403 forbidden with its message and no field messages: the
 * policy answers before the input is read, so an invalid body teaches a refused caller nothing.
 */
export function expectForbidden(t: TestApp, as: DemoUserKey, calls: readonly RouteCall[]): Promise<void> {
  return expectEach(t, as, calls, 403, (error, label) =>
    expect(error, label).toEqual({ code: 'forbidden', message: 'You do not have permission to do this.' }),
  );
}

/** Every call, made as `as`, answers 404 not_found: another centre's record looks like a missing one. */
export function expectNotFound(t: TestApp, as: DemoUserKey, calls: readonly RouteCall[]): Promise<void> {
  return expectEach(t, as, calls, 404, (error, label) => expect(error?.code, label).toBe('not_found'));
}
