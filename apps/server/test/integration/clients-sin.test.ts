import type { Client } from '@cairn/shared/clients.schemas';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createActorCache } from '../../src/lib/actor-cache.ts';
import { createSigners } from '../../src/lib/signers.ts';
import { createClient, intake, rawClientRow, whole } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('clients: the protected SIN', () => {
  const SIN = '193456787';
  let c: Client;
  beforeAll(async () => {
    c = await createClient(t, 'coordinator', {
      first_name: 'Sinead',
      last_name: 'Protected',
      sin: '193-456-787',
    });
  });

  it('shows only whether there is one and its last three digits', async () => {
    expect(c.has_sin).toBe(true);
    expect(c.sin_masked).toBe('••• ••• 787');
    expect(c).not.toHaveProperty('sin');
    const profile = await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect(profile.body).not.toContain(SIN);
    expect(profile.json.sin_masked).toBe('••• ••• 787');
  });

  it('is never in a list, an autocomplete or a duplicate answer', async () => {
    for (const url of [
      '/api/clients?per_page=100',
      '/api/clients?s=sinead',
      '/api/clients/minimal?s=sinead',
      '/api/clients/search/sinead',
    ]) {
      const res = await t.call('GET', url, { as: 'coordinator' });
      expect(res.status).toBe(200);
      expect(res.body).toContain('Sinead');
      expect(res.body).not.toContain(SIN);
      const items: Array<Record<string, unknown>> = Array.isArray(res.json) ? res.json : res.json.items;
      for (const item of items) expect(Object.keys(item).filter((k) => /(^|_)sin(_|$)/.test(k))).toEqual([]);
    }
    const dup = await t.call('POST', '/api/clients/duplicates', { as: 'coordinator', body: { sin: SIN } });
    expect(dup.json.matches).toHaveLength(1);
    expect(dup.body).not.toContain(SIN);
  });

  it('is stored encrypted, with a keyed hash and the last three digits', async () => {
    const row = (await rawClientRow(t, c.client_id))!;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(SIN);
    expect(row.sinEncrypted).toBeTruthy();
    expect(t.clientCrypto.decrypt(row.sinEncrypted!)).toBe(SIN);
    expect(row.sinHash).toBe(t.clientCrypto.hash(SIN));
    expect(row.sinLast3).toBe('787');
    expect(row.searchText).not.toContain('787');
  });

  it('is revealed on request', async () => {
    const res = await t.call('POST', `/api/clients/${c.client_id}/sin/reveal`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ sin: SIN });
    const admin = await t.call('POST', `/api/clients/${c.client_id}/sin/reveal`, { as: 'admin' });
    expect(admin.json).toEqual({ sin: SIN });
  });

  it('answers 404 to a reveal when the client has none', async () => {
    const none = await createClient(t, 'coordinator');
    const res = await t.call('POST', `/api/clients/${none.client_id}/sin/reveal`, { as: 'coordinator' });
    expect(res.status).toBe(404);
  });

  it('stays when an update leaves it out, changes with a new value and goes with null', async () => {
    const kept = await t.call('PUT', `/api/clients/${c.client_id}`, { as: 'coordinator', body: whole(c) });
    expect(kept.json.sin_masked).toBe('••• ••• 787');
    const reveal = () => t.call('POST', `/api/clients/${c.client_id}/sin/reveal`, { as: 'coordinator' });
    expect((await reveal()).json.sin).toBe(SIN);

    const changed = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: whole(c, { sin: '246813579' }),
    });
    expect(changed.json.sin_masked).toBe('••• ••• 579');
    expect((await reveal()).json.sin).toBe('246813579');
    expect((await rawClientRow(t, c.client_id))!.sinHash).toBe(t.clientCrypto.hash('246813579'));

    const cleared = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: whole(c, { sin: null }),
    });
    expect(cleared.json).toMatchObject({ has_sin: false, sin_masked: null });
    expect((await reveal()).status).toBe(404);
    expect(await rawClientRow(t, c.client_id)).toMatchObject({
      sinEncrypted: null,
      sinHash: null,
      sinLast3: null,
    });
  });
});

describe('clients: nothing logged holds a SIN', () => {
  it('logs requests and the reveal audit line without the SIN', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp(
      {
        config: t.config,
        db: t.db,
        dbKind: t.dbKind,
        mailer: { send: async () => {}, close: () => {} },
        clientCrypto: t.clientCrypto,
        actors: createActorCache(),
        ...createSigners(t.config),
      },
      { loggerInstance: logger, webDistDir: '/nonexistent' },
    );
    try {
      const token = await t.tokenForId(t.demo.coordinator.userId);
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
        app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(body ? { payload: body as object } : {}),
        });
      const created = await call(
        'POST',
        '/api/clients',
        intake({ first_name: 'Logged', sin: '321 654 987' }),
      );
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      expect((await call('POST', '/api/clients', intake({ sin: '32165498x' }))).statusCode).toBe(400);
      expect((await call('POST', '/api/clients/duplicates', { sin: '321654987' })).statusCode).toBe(200);
      expect((await call('GET', `/api/clients/${id}`)).statusCode).toBe(200);
      expect((await call('GET', '/api/clients?s=logged')).statusCode).toBe(200);
      const revealed = await call('POST', `/api/clients/${id}/sin/reveal`);
      expect(revealed.json()).toEqual({ sin: '321654987' });
      const update = whole(created.json().client, { sin: '321654987' });
      expect((await call('PUT', `/api/clients/${id}`, update)).statusCode).toBe(200);

      // The logger did record the calls: an empty log would prove nothing.
      expect(lines.length).toBeGreaterThan(10);
      const all = lines.join('\n');
      for (const form of ['321654987', '321 654 987', '32165498x']) expect(all).not.toContain(form);
      const audit = lines.map((l) => JSON.parse(l)).filter((l) => l.audit === 'client_sin_revealed');
      expect(audit).toEqual([
        expect.objectContaining({ user_id: t.demo.coordinator.userId, client_id: id, level: 30 }),
      ]);
    } finally {
      await app.close();
    }
  });
});
