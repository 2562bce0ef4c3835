import { todayIso } from '@cairn/shared/dates';
import { MAX_NESTING } from '@cairn/shared/text-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPlan } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let planId: number;
let clientId: number;
beforeAll(async () => {
  t = await createTestApp();
  const plan = await freshPlan(t);
  planId = plan.plan_id;
  clientId = plan.client_id;
});
afterAll(() => t.close());

/** `levels` objects nested inside each other, `{"a":{"a":…}}`, as raw JSON text. */
const nestedJson = (levels: number, inner = '1') => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
const json = { 'content-type': 'application/json' };

describe('a JSON body nested too deeply: 400 too_deep, never 500 (issue 27)', () => {
  it.each(['/api/auth/token', '/api/auth/check-reset', '/api/auth/reset-password'])(
    'public POST %s with 5,000 levels',
    async (url) => {
      const res = await t.call('POST', url, { body: nestedJson(5000), headers: json });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('too_deep');
      expect(res.json.error.message).toBe('The request nests too deeply to be read.');
    },
  );

  it.each([
    ['POST', '/api/notes'],
    ['POST', '/api/clients'],
    ['PUT', '/api/users/1'],
    ['POST', '/api/groups'],
    ['POST', '/api/plans'],
  ] as const)('signed-in %s %s with 5,000 levels, in an array too', async (method, url) => {
    const objects = await t.call(method, url, { as: 'admin', body: nestedJson(5000), headers: json });
    expect(objects.status).toBe(400);
    expect(objects.json.error.code).toBe('too_deep');
    const arrays = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await t.call(method, url, { as: 'admin', body: arrays, headers: json });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('too_deep');
  });

  it('takes a body nested up to the limit to its schema, which answers as usual', async () => {
    const body = `{"plan_id":${planId},"topic":"T","date":"${todayIso()}","notes":${nestedJson(MAX_NESTING - 1, '"x"')}}`;
    const res = await t.call('POST', '/api/notes', { as: 'coordinator', body, headers: json });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(Object.keys(res.json.error.fields)).toEqual(['notes']);
  });

  it('one level past the limit is too deep', async () => {
    const body = `{"notes":${nestedJson(MAX_NESTING)}}`;
    const res = await t.call('POST', '/api/notes', { as: 'coordinator', body, headers: json });
    expect(res.json.error.code).toBe('too_deep');
  });
});

describe('ids in paths and queries are canonical decimal integers (issue 27)', () => {
  const odd = (id: number) => [
    `${id}e0`,
    `0x${id.toString(16)}`,
    `0${id}`,
    `${id}.0`,
    `${id}%20`,
    `+${id}`,
    `%20${id}`,
  ];

  it('GET /api/clients/{id} written otherwise answers 400, never the client', async () => {
    expect((await t.call('GET', `/api/clients/${clientId}`, { as: 'coordinator' })).status).toBe(200);
    for (const id of odd(clientId)) {
      const res = await t.call('GET', `/api/clients/${id}`, { as: 'coordinator' });
      expect(res.status, id).toBe(400);
      expect(res.json.error.code, id).toBe('validation_failed');
    }
  });

  it('DELETE /api/notes/{id} written with an exponent or a leading zero deletes nothing', async () => {
    const created = await t.call('POST', '/api/notes', {
      as: 'coordinator',
      body: { plan_id: planId, topic: 'Kept', date: todayIso(), notes: 'Still here.' },
    });
    expect(created.status).toBe(201);
    const noteId: number = created.json.note_id;
    for (const id of [...odd(noteId), `${noteId / 1000}e3`]) {
      const res = await t.call('DELETE', `/api/notes/${id}`, { as: 'coordinator' });
      expect(res.status, id).toBe(400);
    }
    const notes = await t.call('GET', `/api/plans/${planId}/notes`, { as: 'coordinator' });
    expect(JSON.stringify(notes.json)).toContain('Still here.');
  });

  it('query ids too: /api/audit?client_id= and ?user_id=', async () => {
    expect((await t.call('GET', `/api/audit?client_id=${clientId}`, { as: 'admin' })).status).toBe(200);
    for (const id of odd(clientId)) {
      for (const name of ['client_id', 'user_id']) {
        const res = await t.call('GET', `/api/audit?${name}=${id}`, { as: 'admin' });
        expect(res.status, `${name}=${id}`).toBe(400);
      }
    }
  });

  it('beyond the integer range an id still names no record: 404', async () => {
    for (const id of ['2147483648', '99999999999999999999']) {
      expect((await t.call('GET', `/api/clients/${id}`, { as: 'admin' })).status, id).toBe(404);
    }
  });
});
