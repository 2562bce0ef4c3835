import { todayIso } from '@cairn/shared/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intake } from '../helpers/clients.ts';
import { freshPlan } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Beside the English `message` and `fields`, an error answers its messages by code and values
 * (`params`, `field_codes`), so a client can word them in its own language.
 */
let t: TestApp;
let planId: number;
beforeAll(async () => {
  t = await createTestApp();
  planId = (await freshPlan(t)).plan_id;
});
afterAll(() => t.close());

const note = (patch: Record<string, unknown> = {}) => ({
  plan_id: planId,
  topic: 'Follow-up',
  date: todayIso(),
  notes: 'Called about the course.',
  ...patch,
});

describe('field messages by code', () => {
  it('a field too long: maxLength with its max', async () => {
    const res = await t.call('POST', '/api/notes', {
      as: 'coordinator',
      body: note({ topic: 't'.repeat(65) }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      code: 'validation_failed',
      message: 'Some fields are not valid.',
      fields: { topic: 'must be less than 64 characters' },
      field_codes: { topic: { code: 'maxLength', params: { max: 64 } } },
    });
  });

  it('required fields, each under its path', async () => {
    const res = await t.call('POST', '/api/clients', {
      as: 'coordinator',
      body: intake({ first_name: '', last_name: undefined }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      first_name: 'This field is required',
      last_name: 'This field is required',
    });
    expect(res.json.error.field_codes).toEqual({
      first_name: { code: 'required' },
      last_name: { code: 'required' },
    });
  });

  it('a control character, wherever it is', async () => {
    const res = await t.call('POST', '/api/notes', { as: 'coordinator', body: note({ notes: 'a\u0007b' }) });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ notes: 'must not contain control characters' });
    expect(res.json.error.field_codes).toEqual({ notes: { code: 'controlCharacters' } });
  });

  it('a value with two values in its wording: range with min and max', async () => {
    const client = (await t.call('POST', '/api/clients', { as: 'coordinator', body: intake() })).json;
    const res = await t.call('PUT', `/api/clients/${client.id}/interactions`, {
      as: 'coordinator',
      body: [{ interaction_id: 1, date: todayIso(), count: 100 }],
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ '0.count': 'must be between 0 and 99' });
    expect(res.json.error.field_codes).toEqual({ '0.count': { code: 'range', params: { min: 0, max: 99 } } });
  });

  it("zod's own refusal (a wrong type with no message of ours): the generic code", async () => {
    const res = await t.call('POST', '/api/auth/token', { body: { refreshToken: 42 } });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ refreshToken: 'is not valid' });
    expect(res.json.error.field_codes).toEqual({ refreshToken: { code: 'invalid' } });
  });

  it('a body that is not JSON', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ body: 'must be valid JSON' });
    expect(res.json.error.field_codes).toEqual({ body: { code: 'json' } });
  });

  it("a field refused by an error's rule: the error's code", async () => {
    const res = await t.call('POST', '/api/users', {
      as: 'admin',
      body: {
        first_name: 'Dup',
        last_name: 'Licate',
        email: 'coordinator@example.ca',
        centre: null,
        roles: [{ role_id: 1 }],
      },
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: 'email_taken',
      message: 'A user with this email already exists.',
      fields: { email: 'A user with this email already exists.' },
      field_codes: { email: { code: 'email_taken' } },
    });
  });
});

describe('errors without fields or values', () => {
  it('answer neither params nor field codes', async () => {
    const res = await t.call('GET', '/api/clients/999999', { as: 'admin' });
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ code: 'not_found', message: 'The record was not found.' });
  });

  it('an id beyond the database range is still a missing record', async () => {
    const res = await t.call('POST', '/api/notes', {
      as: 'coordinator',
      body: note({ plan_id: 2147483648 }),
    });
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ code: 'not_found', message: 'The record was not found.' });
  });
});
