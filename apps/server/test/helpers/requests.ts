import { expect } from 'vitest';
import type { DemoUserKey, TestApp } from './test-app.ts';

/** POSTs a record as a demo user, expects 201 (showing the answer when not) and answers its body. */
export async function postCreated<T>(t: TestApp, as: DemoUserKey, url: string, body: unknown): Promise<T> {
  const res = await t.call('POST', url, { as, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as T;
}
