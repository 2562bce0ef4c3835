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

  it('fills the demo plans the way caseworkers do: links, trainings, spending, notes, outcomes', async () => {
    const r = await one<Record<string, number>>(sql`
      SELECT (SELECT count(DISTINCT plan_id)::int FROM plan_barriers) AS plans_with_barriers,
             (SELECT count(*)::int FROM plan_barriers pb JOIN barriers b USING (barrier_id)
               WHERE b.is_other AND pb.other_name IS NOT NULL) AS other_barriers,
             (SELECT count(*)::int FROM plan_barriers pb JOIN barriers b USING (barrier_id)
               WHERE NOT b.is_other AND pb.other_name IS NOT NULL) AS stray_names,
             (SELECT count(*)::int FROM plan_supports) AS supports,
             (SELECT count(*)::int FROM plan_trainings WHERE noc IS NOT NULL) AS trainings_with_noc,
             (SELECT count(*)::int FROM plan_trainings WHERE date > current_date) AS future_trainings,
             (SELECT count(*)::int FROM spendings) AS spendings,
             (SELECT count(*)::int FROM spendings WHERE work_gear) AS work_gear,
             (SELECT count(*)::int FROM spendings WHERE date > current_date) AS future_spendings,
             (SELECT count(*)::int FROM spendings WHERE item = 'Work boots') AS boots,
             (SELECT count(*)::int FROM notes) AS notes,
             (SELECT count(*)::int FROM notes WHERE flag) AS flagged,
             (SELECT count(*)::int FROM plans p WHERE p.status = 'Closed'
                AND NOT EXISTS (SELECT 1 FROM outcomes o WHERE o.plan_id = p.plan_id)) AS closed_without_outcome,
             (SELECT count(*)::int FROM outcomes o JOIN plans p USING (plan_id)
               WHERE o.date < p.date OR o.date > current_date) AS misdated_outcomes,
             (SELECT count(*)::int FROM outcomes) AS outcomes`);
    expect(r.plans_with_barriers).toBe(
      (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM plans`)).n,
    );
    for (const k of ['other_barriers', 'supports', 'trainings_with_noc', 'work_gear', 'boots', 'flagged']) {
      expect(r[k], k).toBeGreaterThan(0);
    }
    expect(r.spendings).toBeGreaterThan(20);
    expect(r.notes).toBeGreaterThan(20);
    expect(r.outcomes).toBeGreaterThan(5);
    for (const k of [
      'stray_names',
      'future_trainings',
      'future_spendings',
      'closed_without_outcome',
      'misdated_outcomes',
    ]) {
      expect(r[k], k).toBe(0);
    }
  });

  it('shows a demo plan and its records through the API', async () => {
    const { plan_id } = await one<{ plan_id: number }>(sql`
      SELECT p.plan_id FROM plans p JOIN clients c USING (client_id)
       WHERE c.centre_id = ${t.demo.coordinator.centreId}
         AND EXISTS (SELECT 1 FROM spendings s WHERE s.plan_id = p.plan_id)
       ORDER BY p.plan_id LIMIT 1`);
    const spendings = await t.call('GET', `/api/plans/${plan_id}/spendings`, { as: 'coordinator' });
    expect(spendings.status).toBe(200);
    expect(spendings.json.length).toBeGreaterThan(0);
    // The amounts the screen shows are the stored ones, to the cent.
    const stored = await t.db.execute(
      sql`SELECT value::text AS value FROM spendings WHERE plan_id = ${plan_id} ORDER BY date DESC, spending_id DESC`,
    );
    expect(spendings.json.map((s: { value: number }) => s.value.toFixed(2))).toEqual(
      (stored as unknown as { rows: Array<{ value: string }> }).rows.map((r) => r.value),
    );
    const notes = await t.call('GET', `/api/plans/${plan_id}/notes`, { as: 'coordinator' });
    expect(notes.status).toBe(200);
    expect(notes.json.length).toBeGreaterThan(0);
  });

  it("has a few success stories, counted on their clients' profiles", async () => {
    const r = await one<{ stories: number; future: number; client_id: number; n: number }>(sql`
      SELECT (SELECT count(*)::int FROM stories) AS stories,
             (SELECT count(*)::int FROM stories WHERE date > current_date) AS future,
             s.client_id, count(*)::int AS n
        FROM stories s JOIN clients c USING (client_id)
       WHERE c.centre_id = ${t.demo.coordinator.centreId}
       GROUP BY s.client_id ORDER BY s.client_id LIMIT 1`);
    expect(r.stories).toBeGreaterThanOrEqual(3);
    expect(r.future).toBe(0);
    const profile = await t.call('GET', `/api/clients/${r.client_id}`, { as: 'coordinator' });
    expect(profile.json.stories_count).toBe(r.n);
    const list = await t.call('GET', `/api/clients/${r.client_id}/stories`, { as: 'coordinator' });
    expect(list.json).toHaveLength(r.n);
  });
});
