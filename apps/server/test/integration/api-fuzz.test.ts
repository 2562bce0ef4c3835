import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAK,
  nestedJson,
  operationsOf,
  requestFor,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from '../helpers/api-fuzz.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

/**
 * Every operation of the API description, called as a hostile client would: generated values
 * shaped by the description and hostile ones (ids past the integer range, NUL and other control
 * characters, wrong types, bad encodings, odd dates). No answer may be a 5xx or show a stack, a
 * path or SQL, and every answer must be one the description documents for that operation, with a
 * body matching its documented schema (the contract). Seeded, so a failure replays.
 */
const SEED = 20261124;
const RUNS_PER_OPERATION = 40;
const ROLES: Array<DemoUserKey | null> = [null, 'reporter', 'coordinator', 'admin'];

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let t: TestApp;
let operations: Operation[];
const tokens = new Map<DemoUserKey, string>();
const validators = new Map<string, ValidateFunction>();
const ajv = addFormats(new Ajv({ strict: false, allErrors: false }));

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.call('GET', '/api/docs/json')).json as OpenApiDocument;
  operations = operationsOf(document);
  for (const key of ['reporter', 'coordinator', 'admin'] as const) {
    tokens.set(key, await t.tokenForId(t.demo[key].userId));
  }
});
afterAll(() => t.close());

function validatorFor(op: Operation, status: string): ValidateFunction | undefined {
  const schema = op.operation.responses[status]?.content?.['application/json']?.schema as
    JsonSchema | undefined;
  if (!schema) return undefined;
  const key = `${op.method} ${op.path} ${status}`;
  if (!validators.has(key)) validators.set(key, ajv.compile(schema));
  return validators.get(key);
}

/** Everything wrong with one answer, or nothing. */
function problemsOf(op: Operation, res: { status: number; body: string; json: unknown }): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`answered ${res.status}`);
  if (res.status >= 400 && LEAK.test(res.body)) problems.push(`leaks internals: ${res.body.slice(0, 300)}`);
  const status = String(res.status);
  if (!op.operation.responses[status]) {
    problems.push(`answered ${status}, documented ${Object.keys(op.operation.responses).join(', ')}`);
    return problems;
  }
  if (res.status === 204) {
    if (res.body !== '') problems.push('204 with a body');
    return problems;
  }
  const validate = validatorFor(op, status);
  if (validate && !validate(res.json)) {
    problems.push(`body does not match the documented ${status}: ${ajv.errorsText(validate.errors)}`);
  }
  return problems;
}

describe('the API under generated hostile input', () => {
  it('covers every operation of the description', () => {
    expect(operations.length).toBeGreaterThanOrEqual(65);
  });

  // Before the generated calls, which use up the sign-in's rate limit.
  it('answers every operation taking a body 400 too_deep for one nested 5,000 levels, whoever asks', async () => {
    const failures: string[] = [];
    const deep = nestedJson(5000);
    for (const op of operations.filter((o) => o.operation.requestBody)) {
      const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'token' ? 'x' : '1'));
      for (const role of ROLES) {
        const res = await t.call(op.method as 'POST', url, {
          ...(role ? { token: tokens.get(role) } : {}),
          body: deep,
          headers: { 'content-type': 'application/json' },
        });
        // Signed out, a route that needs a sign-in says so first; every other answer is too_deep.
        const expected = res.status === 401 && role === null ? 'unauthorized' : 'too_deep';
        if (res.json?.error?.code !== expected || problemsOf(op, res).length) {
          failures.push(
            `${role ?? 'anonymous'} ${op.method} ${url}: ${res.status} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('answers a non-canonical id in every path 400 or 404 (or 403 to a role without the right)', async () => {
    const failures: string[] = [];
    const withId = operations.filter((o) => o.path.includes('{id}'));
    expect(withId.length).toBeGreaterThan(30);
    for (const op of withId) {
      for (const id of ['1e0', '0x1', '01', '1.0', '1%20', '+1']) {
        const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? id : 'x'));
        const statuses: number[] = [];
        for (const role of ['admin', 'coordinator'] as const) {
          const res = await t.call(op.method as 'GET', url, {
            token: tokens.get(role),
            ...(op.operation.requestBody
              ? { body: '{}', headers: { 'content-type': 'application/json' } }
              : {}),
          });
          statuses.push(res.status);
        }
        // Never a record: each answer a refusal, and at least one role's about the id itself.
        const refused = statuses.every((s) => s === 400 || s === 403 || s === 404);
        if (!refused || !statuses.some((s) => s !== 403))
          failures.push(`${op.method} ${url}: ${statuses.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('never answers 5xx, never leaks internals, and answers only as documented', async () => {
    const failures: string[] = [];
    for (const role of ROLES) {
      for (const op of operations) {
        await fc.assert(
          fc.asyncProperty(requestFor(op), async ({ url, headers, body, raw }) => {
            const payload = raw ?? (body !== undefined ? JSON.stringify(body) : undefined);
            const res = await t.call(op.method as 'GET', url, {
              ...(role ? { token: tokens.get(role) } : {}),
              ...(payload !== undefined
                ? { body: payload, headers: { ...headers, 'content-type': 'application/json' } }
                : { headers }),
            });
            const problems = problemsOf(op, res);
            if (raw && res.status === 200) problems.push('took a body nested past the limit');
            if (problems.length) {
              failures.push(
                `${role ?? 'anonymous'} ${op.method} ${url} ${JSON.stringify(headers)} ${(payload ?? '').slice(0, 200)}: ${problems.join('; ')}`,
              );
            }
          }),
          { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  }, 180_000);
});
