import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, whole } from '../helpers/clients.ts';
import { freshPlan } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Item {
  seq: number;
  action: string;
  record_kind: string | null;
  record_id: number | null;
  outcome: string;
  record_name: string | null;
  changes: Array<{ field: string; before: unknown; after: unknown; masked?: boolean }> | null;
  reason: string | null;
  details: Record<string, unknown>;
}

/** GET /api/audit as the Admin, every entry written first. */
async function audit(query: string): Promise<{ items: Item[]; total: number }> {
  await t.app.audit.flush();
  const res = await t.call('GET', `/api/audit?per_page=100&${query}`, { as: 'admin' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { items: Item[]; total: number };
}

describe('GET /api/audit: readable entries', () => {
  it("names the client and the phone's before and after of an update, nothing of its bookkeeping", async () => {
    const c = await createClient(t, 'coordinator', {
      first_name: 'Jane',
      last_name: 'Doe',
      phone: '555-0100',
    });
    const res = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: whole(c, { phone: '555-0199' }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { items } = await audit(`client_id=${c.client_id}&action=update`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      record_kind: 'client',
      record_name: 'Jane Doe',
      changes: [{ field: 'phone', before: '555-0100', after: '555-0199' }],
      reason: null,
    });
    expect(items[0]!.details).not.toHaveProperty('changes');
    expect(items[0]!.details).not.toHaveProperty('record_name');

    // The create kept the name from its answer; a read is named as the client now is.
    await t.call('GET', `/api/clients/${c.client_id}/plans`, { as: 'coordinator' });
    const all = await audit(`client_id=${c.client_id}`);
    expect(all.items.map((e) => [e.action, e.record_kind, e.record_name])).toEqual([
      ['read', 'plan', 'Jane Doe'],
      ['update', 'client', 'Jane Doe'],
      ['create', 'client', 'Jane Doe'],
    ]);
    expect(all.items.find((e) => e.action === 'create')!.changes).toBeNull();
  });

  it("names a note's client and the note's changed topic", async () => {
    const plan = await freshPlan(t, { first_name: 'Noel', last_name: 'Noted' });
    const body = { plan_id: plan.plan_id, topic: 'Intake', date: '2025-01-10', notes: 'First meeting.' };
    const created = await t.call('POST', '/api/notes', { as: 'coordinator', body });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const noteId = (created.json as { note_id: number }).note_id;
    const res = await t.call('PUT', `/api/notes/${noteId}`, {
      as: 'coordinator',
      body: { ...body, topic: 'Job search' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { items } = await audit(`client_id=${plan.client_id}&record_kind=note`);
    expect(items.map((e) => [e.action, e.record_name, e.changes])).toEqual([
      ['update', 'Noel Noted', [{ field: 'topic', before: 'Intake', after: 'Job search' }]],
      ['create', 'Noel Noted', null],
    ]);
  });

  it('says a SIN changed without either value, and keeps no SIN anywhere', async () => {
    const c = await createClient(t, 'coordinator', { first_name: 'Sam', last_name: 'Sin', sin: '130692544' });
    const res = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: whole(c, { sin: '193456787', city: 'Regina' }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { items } = await audit(`client_id=${c.client_id}&action=update`);
    expect(items[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'sin', before: null, after: null, masked: true },
        { field: 'city', before: null, after: 'Regina' },
      ]),
    );
    expect(items[0]!.changes, JSON.stringify(items[0]!.changes)).toHaveLength(2);
    await t.app.audit.flush();
    for (const text of ['130692544', '193456787']) {
      const found = await t.db.execute(
        sql`SELECT count(*)::int AS n FROM audit_entries a WHERE a::text LIKE ${`%${text}%`}`,
      );
      expect((found as unknown as { rows: Array<{ n: number }> }).rows[0]!.n, text).toBe(0);
    }
  });

  it('gives a refusal its error code, a 401 of the auth hook included', async () => {
    const c = await createClient(t, 'coordinator', { first_name: 'Rita', last_name: 'Refused' });
    expect((await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator2' })).status).toBe(404);
    expect((await t.call('GET', `/api/clients/${c.client_id}`)).status).toBe(401);
    const bad = await t.call('PUT', `/api/clients/${c.client_id}`, {
      as: 'coordinator',
      body: { first_name: '' },
    });
    expect(bad.status).toBe(400);
    const { items } = await audit(`client_id=${c.client_id}&outcome=refused`);
    const refused = items.filter((e) => e.outcome === 'refused');
    expect(refused.map((e) => [e.action, e.reason, e.record_name])).toEqual([
      ['update', 'validation_failed', 'Rita Refused'],
      ['read', 'unauthorized', 'Rita Refused'],
      ['read', 'not_found', 'Rita Refused'],
    ]);
    expect(refused[0]!.changes).toBeNull();
    expect(items.filter((e) => e.outcome === 'allowed').every((e) => e.reason === null)).toBe(true);
  });

  it("leaves the trail's own reads out unless asked for", async () => {
    await audit('action=reveal');
    await t.call('GET', '/api/audit/export', { as: 'admin' });
    const user = `user_id=${t.demo.admin.userId}`;
    const without = await audit(user);
    expect(without.items.some((e) => e.record_kind === 'audit')).toBe(false);
    const withReads = await audit(`${user}&include_trail_reads=true`);
    const trail = withReads.items.filter((e) => e.record_kind === 'audit');
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['read', 'export']));
    expect(withReads.total).toBe(without.total + trail.length);
    expect((await audit('record_kind=audit')).total).toBe(trail.length + 1);
    expect((await t.call('GET', '/api/audit?include_trail_reads=maybe', { as: 'admin' })).status).toBe(400);
  });

  it("names a user's and a centre's update, with the role's and the city's before and after", async () => {
    const user = t.demo.coordinator2;
    const res = await t.call('PUT', `/api/users/${user.userId}`, {
      as: 'admin',
      body: {
        first_name: 'Casey',
        last_name: 'Renamed',
        email: user.email,
        centre: { centre_id: user.centreId },
        roles: [{ role_id: 3 }],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const users = await audit(`record_kind=user&action=update`);
    const changed = users.items.find((e) => e.record_id === user.userId)!;
    expect(changed.record_name).toBe('Casey Renamed');
    expect(changed.changes).toEqual(
      expect.arrayContaining([
        { field: 'last_name', before: expect.any(String), after: 'Renamed' },
        { field: 'role', before: 2, after: 3 },
      ]),
    );
    expect(changed.changes!.map((c) => c.field)).not.toContain('password_hash');
    expect(changed.changes!.map((c) => c.field)).not.toContain('updated_at');

    const centres = (await t.call('GET', '/api/centres', { as: 'admin' })).json as Array<
      Record<string, unknown>
    >;
    const centre = centres.find((c) => c.centre_id === t.demo.coordinator.centreId)!;
    const { centre_id: _id, ...fields } = centre;
    const saved = await t.call('PUT', `/api/centres/${t.demo.coordinator.centreId}`, {
      as: 'admin',
      body: { ...fields, city: 'Saskatoon' },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const { items } = await audit(`record_kind=centre&action=update`);
    expect(items[0]).toMatchObject({
      record_id: t.demo.coordinator.centreId,
      record_name: centre.name,
      changes: [{ field: 'city', before: centre.city ?? null, after: 'Saskatoon' }],
    });
  });

  it("answers no name for a deleted client's reads; its delete keeps the name it had", async () => {
    const c = await createClient(t, 'coordinator', { first_name: 'Gone', last_name: 'Forgood' });
    await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect((await t.call('DELETE', `/api/clients/${c.client_id}`, { as: 'coordinator' })).status).toBe(200);
    const { items } = await audit(`client_id=${c.client_id}`);
    // By action: a change's entry reaches the chain through the inbox, maybe before a read.
    const named = Object.fromEntries(items.map((e) => [e.action, e.record_name]));
    expect(items).toHaveLength(3);
    expect(named).toEqual({ create: 'Gone Forgood', read: null, delete: 'Gone Forgood' });
  });

  it("keeps the client's name on a note's create and delete after the client is deleted", async () => {
    const plan = await freshPlan(t, { first_name: 'Nora', last_name: 'Leftbehind' });
    const body = { plan_id: plan.plan_id, topic: 'Intake', date: '2025-01-10', notes: 'First meeting.' };
    const created = await t.call('POST', '/api/notes', { as: 'coordinator', body });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const noteId = (created.json as { note_id: number }).note_id;
    expect((await t.call('DELETE', `/api/notes/${noteId}`, { as: 'coordinator' })).status).toBe(204);
    expect((await t.call('DELETE', `/api/clients/${plan.client_id}`, { as: 'coordinator' })).status).toBe(
      200,
    );
    const { items } = await audit(`client_id=${plan.client_id}&record_kind=note`);
    expect(items.map((e) => [e.action, e.record_name])).toEqual([
      ['delete', 'Nora Leftbehind'],
      ['create', 'Nora Leftbehind'],
    ]);
  });

  it("gives concurrent updates of one record each the 'before' the one committed ahead left", async () => {
    const c = await createClient(t, 'coordinator', {
      first_name: 'Cora',
      last_name: 'Current',
      phone: '555-0100',
    });
    const phones = ['555-0101', '555-0102', '555-0103', '555-0104', '555-0105', '555-0106'];
    const answers = await Promise.all(
      phones.map((phone) =>
        t.call('PUT', `/api/clients/${c.client_id}`, { as: 'coordinator', body: whole(c, { phone }) }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(phones.map(() => 200));
    const { items } = await audit(`client_id=${c.client_id}&action=update`);
    // Oldest first, in the order the updates committed: each starts where the one before ended.
    const steps = items.reverse().map((e) => e.changes![0]!);
    expect(steps).toHaveLength(phones.length);
    expect(steps[0]!.before).toBe('555-0100');
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.before).toBe(steps[i - 1]!.after);
  });

  it('lists each kind of interaction recorded, from its sum before to its sum after', async () => {
    const c = await createClient(t, 'coordinator', { first_name: 'Ines', last_name: 'Counted' });
    const kinds = await t.call('GET', '/api/interactions', { as: 'coordinator' });
    const [first, second] = kinds.json as Array<{ interaction_id: number; name: string }>;
    const record = (records: unknown[]) =>
      t.call('PUT', `/api/clients/${c.client_id}/interactions`, { as: 'coordinator', body: records });
    const day = '2025-02-03';
    expect((await record([{ interaction_id: first!.interaction_id, date: day, count: 2 }])).status).toBe(200);
    const res = await record([
      { interaction_id: first!.interaction_id, date: day, count: 1 },
      { interaction_id: first!.interaction_id, date: '2025-02-04', count: 3 },
      { interaction_id: second!.interaction_id, date: day, count: 0 },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { items } = await audit(`client_id=${c.client_id}&record_kind=interaction&action=update`);
    expect(items.map((e) => [e.record_name, e.changes])).toEqual([
      ['Ines Counted', [{ field: first!.name, before: 2, after: 6 }]],
      ['Ines Counted', [{ field: first!.name, before: 0, after: 2 }]],
    ]);
  });
});
