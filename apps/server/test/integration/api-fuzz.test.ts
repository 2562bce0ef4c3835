import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAK,
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

  it('never answers 5xx, never leaks internals, and answers only as documented', async () => {
    const failures: string[] = [];
    for (const role of ROLES) {
      for (const op of operations) {
        await fc.assert(
          fc.asyncProperty(requestFor(op), async ({ url, headers, body }) => {
            const res = await t.call(op.method as 'GET', url, {
              ...(role ? { token: tokens.get(role) } : {}),
              ...(body !== undefined
                ? { body: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } }
                : { headers }),
            });
            const problems = problemsOf(op, res);
            if (problems.length) {
              failures.push(
                `${role ?? 'anonymous'} ${op.method} ${url} ${JSON.stringify(headers)} ${JSON.stringify(body)?.slice(0, 200)}: ${problems.join('; ')}`,
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
