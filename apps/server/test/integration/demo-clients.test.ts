import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_COUNT, seedDemoClients } from '../../src/db/seed/demo-clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let made: number;
beforeAll(async () => {
  t = await createTestApp();
  made = await seedDemoClients(t.db, t.clientCrypto);
});
afterAll(() => t.close());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
}

describe('demo clients', () => {
  it('seeds about forty clients over both demo centres, once', async () => {
    expect(made).toBe(DEMO_CLIENT_COUNT);
    expect(made).toBeGreaterThanOrEqual(35);
    expect(await seedDemoClients(t.db, t.clientCrypto)).toBe(0);
    const per = await one<{ a: number; b: number }>(sql`
      SELECT count(*) FILTER (WHERE centre_id = ${t.demo.coordinator.centreId})::int AS a,
             count(*) FILTER (WHERE centre_id = ${t.demo.coordinator2.centreId})::int AS b FROM clients`);
    expect(per.a).toBeGreaterThan(10);
    expect(per.b).toBeGreaterThan(10);
  });

  it('has the variety the screens show: flags, ancestry, SINs, plans, groups, interactions', async () => {
    const r = await one<Record<string, number>>(sql`
      SELECT count(*) FILTER (WHERE missing_info)::int AS missing,
             count(*) FILTER (WHERE NOT missing_info)::int AS complete,
             count(*) FILTER (WHERE indigenous = 'Yes' AND status_type IS NOT NULL)::int AS indigenous,
             count(*) FILTER (WHERE sin_encrypted IS NOT NULL)::int AS sins,
             count(*) FILTER (WHERE recent_plan_status = 'Open')::int AS open,
             count(*) FILTER (WHERE recent_plan_status = 'Closed')::int AS closed,
             count(*) FILTER (WHERE first_name ~ '[À-ÿ]' OR last_name ~ '[À-ÿ]')::int AS accented,
             (SELECT count(DISTINCT group_id)::int FROM group_clients) AS groups,
             (SELECT count(*)::int FROM client_interactions WHERE date <= current_date) AS interactions,
             (SELECT count(*)::int FROM client_interactions WHERE date > current_date) AS future
        FROM clients`);
    for (const k of ['missing', 'complete', 'indigenous', 'sins', 'open', 'closed', 'accented', 'groups']) {
      expect(r[k], k).toBeGreaterThan(1);
    }
    expect(r.interactions).toBeGreaterThan(100);
    expect(r.future).toBe(0);
  });

  it('stores every SIN encrypted, and the app shows the flag it computed', async () => {
    const row = await one<{
      client_id: number;
      sin_encrypted: string;
      sin_last3: string;
      missing_info: boolean;
    }>(
      sql`SELECT client_id, sin_encrypted, sin_last3, missing_info FROM clients
           WHERE sin_encrypted IS NOT NULL AND centre_id = ${t.demo.coordinator.centreId} ORDER BY client_id LIMIT 1`,
    );
    const sin = t.clientCrypto.decrypt(row.sin_encrypted);
    expect(sin).toMatch(/^[1-7]\d{8}$/);
    expect(sin.endsWith(row.sin_last3)).toBe(true);
    const list = await t.call('GET', '/api/clients?per_page=100', { as: 'coordinator' });
    expect(list.status).toBe(200);
    const item = list.json.items.find((i: { client_id: number }) => i.client_id === row.client_id);
    expect(item._missing).toBe(row.missing_info);
    expect(JSON.stringify(list.json)).not.toContain(sin);
  });
});
