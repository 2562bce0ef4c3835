import net from 'node:net';
import { todayIso } from '@cairn/shared/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intake } from '../helpers/clients.ts';
import { freshPlan } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** One past the largest id PostgreSQL's integer columns hold. */
const TOO_BIG = 2147483648;

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

describe('an id beyond the database range names no record: 404, never 500', () => {
  it.each([
    '/api/clients',
    '/api/plans',
    '/api/users',
    '/api/centres',
    '/api/barriers',
    '/api/supports',
    '/api/trainings',
  ])('GET %s/2147483648', async (base) => {
    const res = await t.call('GET', `${base}/${TOO_BIG}`, { as: 'admin' });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('not_found');
  });

  it('a far larger id too', async () => {
    for (const id of ['9007199254740993', '99999999999999999999']) {
      const res = await t.call('GET', `/api/clients/${id}`, { as: 'admin' });
      expect(res.status, id).toBe(404);
    }
  });

  it('in a body: POST /api/notes with plan_id 2147483648', async () => {
    const res = await t.call('POST', '/api/notes', { as: 'coordinator', body: note({ plan_id: TOO_BIG }) });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('not_found');
  });

  it('in a body of the one route needing no sign-in: POST /api/auth/check-reset', async () => {
    const res = await t.call('POST', '/api/auth/check-reset', { body: { token: 'abc', id: TOO_BIG } });
    expect(res.status).toBe(404);
  });

  it('in the own-password change: 403, another account than the own one (checked first)', async () => {
    const res = await t.call('POST', '/api/auth/change-password', {
      as: 'coordinator',
      body: { id: TOO_BIG, password: 'Another-pass-1' },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('own_password_only');
  });

  it('a centre beyond range on intake, and in a user payload', async () => {
    const client = await t.call('POST', '/api/clients', {
      as: 'admin',
      body: intake({ centre_id: TOO_BIG }),
    });
    expect(client.status).toBe(404);
    const user = await t.call('PUT', `/api/users/${t.demo.coordinator.userId}`, {
      as: 'admin',
      body: {
        first_name: 'Casey',
        last_name: 'Coordinator',
        email: t.demo.coordinator.email,
        centre: { centre_id: TOO_BIG },
        roles: [{ role_id: 2 }],
      },
    });
    expect(user.status).toBe(404);
  });

  it('keeps 400 for ids that are not ids at all', async () => {
    for (const id of ['0', '-1', '1.5', 'abc']) {
      const res = await t.call('GET', `/api/clients/${id}`, { as: 'admin' });
      expect(res.status, id).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    }
  });
});

describe('text with a NUL or another control character: 400 with the field, never 500', () => {
  it.each([
    ['/api/clients?s=%00', 's'],
    ['/api/clients/minimal?s=a%00b', 's'],
    ['/api/clients/search/%00', 'text'],
    ['/api/clients?s=%07', 's'],
  ])('GET %s', async (url, field) => {
    const res = await t.call('GET', url, { as: 'coordinator' });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ [field]: 'must not contain control characters' });
  });

  it('in a body field: POST /api/notes with notes "a\\u0000b"', async () => {
    const res = await t.call('POST', '/api/notes', { as: 'coordinator', body: note({ notes: 'a\u0000b' }) });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ notes: 'must not contain control characters' });
  });

  it('in a nested field and in a field name', async () => {
    const nested = await t.call('PUT', `/api/plans/${planId}/barriers`, {
      as: 'coordinator',
      body: [{ barrier_id: 1, other_name: 'x\u001fy' }],
    });
    expect(nested.status).toBe(400);
    expect(nested.json.error.fields).toEqual({ '0.other_name': 'must not contain control characters' });
    const key = await t.call('POST', '/api/notes', { as: 'coordinator', body: { ...note(), 'n\u0000': 1 } });
    expect(key.status).toBe(400);
  });

  it('keeps tabs and line breaks, and stores text in NFC', async () => {
    const decomposed = 'Ame\u0301lie\tcalled.\r\nThen left.';
    const res = await t.call('POST', '/api/notes', {
      as: 'coordinator',
      body: note({ topic: 'Ame\u0301lie', notes: decomposed }),
    });
    expect(res.status).toBe(201);
    expect(res.json.topic).toBe('Amélie'.normalize('NFC'));
    expect(res.json.topic).toHaveLength(6);
    expect(res.json.notes).toBe(decomposed.normalize('NFC'));
  });

  it('refuses a control character before anything else reads it, yet after the role check', async () => {
    const res = await t.call('GET', '/api/clients?s=%00', { as: 'reporter' });
    expect(res.status).toBe(403);
  });
});

describe('dates keep a sane range', () => {
  it('refuses a note dated 9999-12-31 or before 1900, takes one a month ahead', async () => {
    const late = await t.call('POST', '/api/notes', {
      as: 'coordinator',
      body: note({ date: '9999-12-31' }),
    });
    expect(late.status).toBe(400);
    expect(late.json.error.fields).toEqual({ date: 'must be no more than a year from today' });
    const early = await t.call('POST', '/api/notes', {
      as: 'coordinator',
      body: note({ date: '1899-12-31' }),
    });
    expect(early.json.error.fields).toEqual({ date: 'must be January 1, 1900 or later' });
    const ahead = new Date();
    ahead.setMonth(ahead.getMonth() + 1);
    const soon = await t.call('POST', '/api/notes', {
      as: 'coordinator',
      body: note({ date: todayIso(ahead) }),
    });
    expect(soon.status).toBe(201);
  });

  it('refuses a birth date of 1800-01-01', async () => {
    const res = await t.call('POST', '/api/clients', {
      as: 'coordinator',
      body: intake({ date_of_birth: '1800-01-01' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({ date_of_birth: 'must be January 1, 1900 or later' });
  });
});

describe('addresses Fastify itself refuses answer in the API error shape', () => {
  it('takes a search text of 128 characters in the path', async () => {
    const res = await t.call('GET', `/api/clients/search/${'a'.repeat(128)}`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    const accented = await t.call('GET', `/api/clients/search/${encodeURIComponent('é'.repeat(128))}`, {
      as: 'coordinator',
    });
    expect(accented.status).toBe(200);
  });

  it('answers a bad percent-encoding with 400 and { error }', async () => {
    const res = await t.call('GET', '/api/clients/search/%E0%A4%A', { as: 'coordinator' });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: 'bad_url', message: 'The address is not valid.' });
  });

  it('answers a path parameter longer than any route takes with 414 and { error }', async () => {
    const res = await t.call('GET', `/api/clients/search/${'a'.repeat(2000)}`, { as: 'coordinator' });
    expect(res.status).toBe(414);
    expect(res.json.error).toEqual({ code: 'uri_too_long', message: 'The address is too long.' });
  });
});

describe('what Node refuses before Fastify sees it', () => {
  it('answers headers or a query too large for the parser with 431 and { error }', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/clients?s=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', (err) => (text ? resolve(text) : reject(err)));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(json).toEqual({
      error: { code: 'headers_too_large', message: 'The request headers are too large.' },
    });
  });
});
