import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/clients.ts';
import { uploadImport } from '../helpers/imports.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Everything the server logs, as the text a log file would hold. */
let logged = '';
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged += chunk.toString('utf8');
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, pino({ level: 'info' }, destination));
});
afterAll(() => t.close());

describe('request logs hold no query, no name, no dashboard token (issue 27)', () => {
  it('a client search, a help search and a dashboard link leave only route patterns', async () => {
    const client = await createClient(t, 'coordinator', { first_name: 'Quillon', last_name: 'Marwenne' });
    const search = await t.call('GET', '/api/clients?s=Marwenne', { as: 'coordinator' });
    expect(search.json.items.map((c: { client_id: number }) => c.client_id)).toContain(client.client_id);
    const options = await t.call('GET', '/api/clients/search/Quillon', { as: 'coordinator' });
    expect(options.status).toBe(200);
    expect((await t.call('GET', '/api/help/search?q=Zymurgical', { as: 'admin' })).status).toBe(200);
    const link = await t.call('POST', '/api/reporting/dashboard-links', {
      as: 'admin',
      body: { dashboard: 'clients', start_date: '2025-04-01', end_date: '2026-03-31', centre_id: -1 },
    });
    const token = String(link.json.url).replace('/embed/dashboard/', '');
    expect(token.length).toBeGreaterThan(20);
    expect((await t.call('GET', `/api/embed/dashboard/${token}`)).status).toBe(200);
    // The web app's own page for the link (no route: the not-found handler answers it).
    await t.call('GET', `/embed/dashboard/${token}?x=Marwenne`);
    // An address no route matches, holding a name.
    expect((await t.call('GET', '/api/clients-by-name/Marwenne/12', { as: 'admin' })).status).toBe(404);

    expect(logged).toContain('"url":"/api/clients"');
    expect(logged).toContain('"url":"/api/clients/search/:text"');
    expect(logged).toContain('"url":"/api/embed/dashboard/:token"');
    expect(logged).toContain('"url":"/embed/:value/:value"');
    expect(logged).toContain('"url":"/api/:value/:value/12"');
    for (const secret of ['Marwenne', 'Quillon', 'Zymurgical', token, token.slice(0, 16), '?s=', '?q=']) {
      expect(logged, secret).not.toContain(secret);
    }
  });

  it('takes a safe X-Request-Id, answers it back and logs it; replaces an unsafe one', async () => {
    const sent = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'edge-7f3a:01' } });
    expect(sent.headers['x-request-id']).toBe('edge-7f3a:01');
    expect(logged).toContain('"reqId":"edge-7f3a:01"');

    for (const unsafe of ['a b', 'x'.repeat(65), 'inject"}\n{"level":60', 'Marwenne\u00e9']) {
      const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(logged).not.toContain('"reqId":"a b"');
    expect(logged).not.toContain('x'.repeat(65));

    const none = await t.call('GET', '/api/health');
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs why an import file could not be read, by the failure's type and place, never its words", async () => {
    // A zip whose entries name a client: whatever the reader says of it must not reach the log.
    const res = await uploadImport(t, 'coordinator', {
      filename: 'Perrichon.xlsx',
      content: 'PK\u0003\u0004Perrichon',
    });
    expect(res.json.error.code).toBe('import_file_unreadable');
    const line = logged.split('\n').find((l) => l.includes('"code":"import_file_unreadable"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).cause).toMatchObject({ type: expect.any(String), at: expect.any(Array) });
    expect(logged).not.toContain('Perrichon');
  });
});
