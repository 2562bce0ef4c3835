import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * `GET /api/metrics` (docs/ARCHITECTURE.md, "Watching it"): Prometheus' text format for the holder
 * of METRICS_TOKEN, nothing without it; requests counted by route pattern, never by address.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = (token?: string) =>
  t.call('GET', '/api/metrics', token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });

describe('GET /api/metrics', () => {
  it('refuses a missing or wrong token with 401, and is not served at all without METRICS_TOKEN', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('wrong-token')).status).toBe(401);
    expect((await scrape(`${TOKEN}x`)).status).toBe(401);
    const unset = await createTestApp();
    try {
      const res = await unset.call('GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
    } finally {
      await unset.close();
    }
  });

  it('counts requests by route pattern and status with their latency, never the address as sent', async () => {
    await t.call('GET', '/api/health');
    const client = (await t.call('GET', '/api/clients/999999999', { as: 'coordinator' })).status;
    expect(client).toBe(404);
    await t.call('GET', '/api/no-such-thing/Jane-Doe?s=Tremblay');
    await t.call('GET', '/api/clients?s=Tremblay', { as: 'coordinator' });
    const res = await scrape(TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /cairn_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health",status_code="200"\} \d+/,
    );
    expect(text).toContain('method="GET",route="/api/clients/:id",status_code="404"');
    expect(text).toContain('method="GET",route="unmatched",status_code="404"');
    expect(text).toMatch(
      /cairn_http_request_duration_seconds_count\{method="GET",route="\/api\/clients",status_code="200"\} 1/,
    );
    expect(text).not.toContain('Tremblay');
    expect(text).not.toContain('Jane-Doe');
    // No label holds the id as sent (a float's digits elsewhere may hold any run of 9s).
    expect(text).not.toMatch(/="[^"]*999999999[^"]*"/);
  });

  it('counts report reads by where they read: the primary without a replica, and no replica lag', async () => {
    const link = await t.call('POST', '/api/reporting/dashboard-links', {
      as: 'admin',
      body: { dashboard: 'clients', start_date: '2025-04-01', end_date: '2026-03-31', centre_id: -1 },
    });
    const before = (await scrape(TOKEN)).body;
    const count = (text: string, source: string) =>
      Number(new RegExp(`^cairn_report_reads_total\\{source="${source}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    const dashboard = await t.call('GET', `/api/${(link.json.url as string).slice(1)}`);
    expect(dashboard.json.data_as_of).toBeNull();
    const after = (await scrape(TOKEN)).body;
    expect(count(after, 'primary')).toBe(count(before, 'primary') + 1);
    expect(count(after, 'replica')).toBe(0);
    expect(after).not.toContain('cairn_replica_lag_seconds');
  });

  it('reports the event loop, the heap, the audit queue and writes, and the pool on PostgreSQL', async () => {
    await t.app.audit.flush();
    const text = (await scrape(TOKEN)).body;
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'cairn_audit_queue_depth',
      'cairn_audit_write_duration_seconds_count',
      'cairn_audit_write_failures_total 0',
    ])
      expect(text).toContain(name);
    if (process.env.TEST_DATABASE_URL) {
      expect(text).toMatch(/cairn_db_pool_connections\{state="idle"\} \d+/);
      expect(text).toMatch(/cairn_db_pool_waiting \d+/);
    }
  });
});
