import type { Client } from '@cairn/shared/clients.schemas';
import { todayIso } from '@cairn/shared/dates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { allTime, expectExact, threeCentres } from '../helpers/activity-rollups.ts';
import { upload } from '../helpers/attachments.ts';
import { auditRows, lastSeq } from '../helpers/audit.ts';
import { createClient, rawClientRow } from '../helpers/clients.ts';
import { createGroup } from '../helpers/groups.ts';
import { createPlan, outcomeBody } from '../helpers/plans.ts';
import { postCreated } from '../helpers/requests.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let interactionId: number;

beforeAll(async () => {
  t = await createTestApp();
  const kinds = await t.call('GET', '/api/interactions', { as: 'coordinator' });
  interactionId = (kinds.json as Array<{ interaction_id: number }>)[0]!.interaction_id;
});
afterAll(() => t.close());

let names = 0;
/** A client of `as`'s centre with a name no other client of the file has. */
function person(as: DemoUserKey = 'coordinator', patch: Record<string, unknown> = {}): Promise<Client> {
  names += 1;
  return createClient(t, as, {
    first_name: 'Jon',
    last_name: `Merge${'abcdefghij'[names % 10]}${names}`,
    ...patch,
  });
}

const merge = (as: DemoUserKey, keptId: number, body: unknown) =>
  t.call('POST', `/api/clients/${keptId}/merge`, { as, body });

async function countWhere(table: string, clientId: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE client_id = ${clientId}`,
  );
  return row!.n;
}

/** One record of every kind the other client holds: a closed plan, an interaction, a story, a file, a group. */
async function withOneOfEach(client: Client): Promise<{ planId: number; groupId: number }> {
  const plan = await createPlan(t, 'coordinator', client.client_id, { date: '2025-01-06' });
  await postCreated(t, 'coordinator', '/api/outcomes', outcomeBody(plan.plan_id, { date: '2025-03-03' }));
  const recorded = await t.call('PUT', `/api/clients/${client.client_id}/interactions`, {
    as: 'coordinator',
    body: [{ interaction_id: interactionId, date: '2025-02-03', count: 3 }],
  });
  expect(recorded.status, JSON.stringify(recorded.json)).toBe(200);
  await postCreated(t, 'coordinator', '/api/stories', {
    client_id: client.client_id,
    date: '2025-02-10',
    writeup: 'Found work.',
  });
  const file = await upload(t, 'coordinator', client.client_id, { filename: 'cv.txt', content: 'CV' });
  expect(file.status).toBe(201);
  const group = await createGroup(t, 'coordinator', [client.client_id]);
  return { planId: plan.plan_id, groupId: group.group_id };
}

describe('merging two clients', () => {
  it('moves one of each related record, keeps the chosen fields and leaves a redirect', async () => {
    const kept = await person('coordinator', { email: 'kept@example.org', phone: '555-0100' });
    const other = await person('coordinator', {
      first_name: 'John',
      email: 'other@example.org',
      phone: '555-0199',
      date_of_birth: '1990-03-04',
      sin: '193 456 787',
    });
    const { planId, groupId } = await withOneOfEach(other);
    // The kept client is in the group already too: the membership is not doubled.
    const shared = await createGroup(t, 'coordinator', [kept.client_id, other.client_id]);
    const storedSin = await rawClientRow(t, other.client_id);

    const preview = await t.call('GET', `/api/clients/${kept.client_id}/merge?other_id=${other.client_id}`, {
      as: 'coordinator',
    });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json).toEqual({
      moves: { plans: 1, interactions: 1, stories: 1, attachments: 1, memberships: 1 },
      both_plans_open: false,
    });

    const res = await merge('coordinator', kept.client_id, {
      other_id: other.client_id,
      keep: { first_name: 'other', date_of_birth: 'other', sin: 'other', email: 'this' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const profile = res.json as Client;
    expect(profile.client_id).toBe(kept.client_id);
    expect(profile.first_name).toBe('John');
    expect(profile.date_of_birth).toBe('1990-03-04');
    expect(profile.email).toBe('kept@example.org');
    expect(profile.phone).toBe('555-0100');
    expect(profile.sin_masked).toBe('••• ••• 787');
    expect(profile.plans_count).toBe(1);
    expect(profile.stories_count).toBe(1);
    expect(profile.groups.map((g) => g.group_id).sort()).toEqual([groupId, shared.group_id].sort());

    // The SIN's stored values moved as they were; the name key and search text follow the new name.
    const row = await rawClientRow(t, kept.client_id);
    expect([row!.sinEncrypted, row!.sinHash, row!.sinLast3]).toEqual([
      storedSin!.sinEncrypted,
      storedSin!.sinHash,
      storedSin!.sinLast3,
    ]);
    expect(row!.nameKey.startsWith('john ')).toBe(true);
    const sin = await t.call('POST', `/api/clients/${kept.client_id}/sin/reveal`, { as: 'coordinator' });
    expect(sin.json).toEqual({ sin: '193456787' });

    for (const table of ['plans', 'client_interactions', 'stories', 'attachments', 'group_clients']) {
      expect(await countWhere(table, other.client_id), table).toBe(0);
    }
    expect(await countWhere('plans', kept.client_id)).toBe(1);
    expect(await countWhere('group_clients', kept.client_id)).toBe(2);
    expect((await t.call('GET', `/api/plans/${planId}`, { as: 'coordinator' })).json.client_id).toBe(
      kept.client_id,
    );
    const files = await t.call('GET', `/api/clients/${kept.client_id}/attachments`, { as: 'coordinator' });
    expect(files.json.items ?? files.json).toHaveLength(1);

    const gone = await t.call('GET', `/api/clients/${other.client_id}`, { as: 'coordinator' });
    expect(gone.status).toBe(404);
    expect(gone.json.error).toMatchObject({ code: 'client_merged', merged_into: kept.client_id });
    // So does every route reading the client by its id (through the access layer).
    for (const url of ['plans', 'stories', 'attachments', 'interactions']) {
      const res = await t.call('GET', `/api/clients/${other.client_id}/${url}`, { as: 'coordinator' });
      expect(res.status, url).toBe(404);
      expect(res.json.error, url).toMatchObject({ code: 'client_merged', merged_into: kept.client_id });
    }
    // Another centre's Coordinator learns nothing of where it went.
    const foreign = await t.call('GET', `/api/clients/${other.client_id}`, { as: 'coordinator2' });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('not_found');
    expect(foreign.json.error.merged_into).toBeUndefined();
  });

  it("is one audit entry naming both, and the kept history holds the other's entries", async () => {
    const kept = await person();
    const other = await person('coordinator', { sin: '130 692 544' });
    // An entry of the other client's own, before the merge.
    expect((await t.call('GET', `/api/clients/${other.client_id}`, { as: 'coordinator' })).status).toBe(200);
    const before = await lastSeq(t);
    const res = await merge('coordinator', kept.client_id, {
      other_id: other.client_id,
      keep: { sin: 'other', last_name: 'other' },
    });
    expect(res.status).toBe(200);
    const entries = (await auditRows(t, before)).filter((e) => e.record_kind === 'client');
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ action: 'update', outcome: 'allowed', record_id: kept.client_id });
    expect(entry!.details).toMatchObject({
      other_id: other.client_id,
      fields_from_other: ['last_name', 'sin'],
      client_ids: [kept.client_id, other.client_id],
    });
    expect(JSON.stringify(entry!.details)).not.toMatch(/130|692|544/);

    await t.app.audit.flush();
    const history = await t.call('GET', `/api/audit?per_page=100&client_id=${kept.client_id}`, {
      as: 'admin',
    });
    expect(history.status).toBe(200);
    const clientsNamed = new Set(
      (history.json.items as Array<{ client_id: number }>).map((i) => i.client_id),
    );
    expect(clientsNamed).toEqual(new Set([kept.client_id, other.client_id]));
  });

  it('follows a chain: a kept client merged again takes its redirects along', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    expect((await merge('coordinator', b.client_id, { other_id: a.client_id })).status).toBe(200);
    expect((await merge('coordinator', c.client_id, { other_id: b.client_id })).status).toBe(200);
    for (const id of [a.client_id, b.client_id]) {
      const res = await t.call('GET', `/api/clients/${id}`, { as: 'coordinator' });
      expect(res.json.error).toMatchObject({ code: 'client_merged', merged_into: c.client_id });
    }
    await t.app.audit.flush();
    const history = await t.call('GET', `/api/audit?per_page=100&client_id=${c.client_id}`, { as: 'admin' });
    const named = new Set((history.json.items as Array<{ client_id: number }>).map((i) => i.client_id));
    expect(named).toEqual(new Set([a.client_id, b.client_id, c.client_id]));
  });

  it('keeps the report tables right: the dashboards match the records before and after', async () => {
    const centres = await threeCentres(t);
    const kept = await person();
    const other = await person('coordinator2');
    await createPlan(t, 'coordinator2', other.client_id, { date: '2025-01-06' });
    const recorded = await t.call('PUT', `/api/clients/${other.client_id}/interactions`, {
      as: 'coordinator2',
      body: [{ interaction_id: interactionId, date: '2025-02-03', count: 4 }],
    });
    expect(recorded.status).toBe(200);
    await postCreated(t, 'coordinator2', '/api/stories', {
      client_id: other.client_id,
      date: '2025-02-10',
      writeup: 'Kept at it.',
    });
    const interactions = await allTime(t, 'client_interactions', 'interactions');
    const stories = await allTime(t, 'stories', 'stories');
    expect(interactions).toBeGreaterThanOrEqual(4);
    await expectExact(t, centres, 'before the merge');

    const res = await merge('admin', kept.client_id, { other_id: other.client_id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await expectExact(t, centres, 'after the merge');
    expect(await allTime(t, 'client_interactions', 'interactions')).toBe(interactions);
    expect(await allTime(t, 'stories', 'stories')).toBe(stories);
  });
});

describe('what a merge refuses', () => {
  it('refuses when both have an open plan, and changes nothing', async () => {
    const kept = await person();
    const other = await person();
    await createPlan(t, 'coordinator', kept.client_id);
    await createPlan(t, 'coordinator', other.client_id);
    const preview = await t.call('GET', `/api/clients/${kept.client_id}/merge?other_id=${other.client_id}`, {
      as: 'coordinator',
    });
    expect(preview.json.both_plans_open).toBe(true);
    const res = await merge('coordinator', kept.client_id, { other_id: other.client_id });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('client_merge_open_plans');
    expect((await t.call('GET', `/api/clients/${other.client_id}`, { as: 'coordinator' })).status).toBe(200);
    expect(await countWhere('plans', other.client_id)).toBe(1);
  });

  it('refuses a client merged with itself (400), a missing one (404) and one merged already', async () => {
    const kept = await person();
    const self = await merge('coordinator', kept.client_id, { other_id: kept.client_id });
    expect(self.status).toBe(400);
    expect(self.json.error.code).toBe('client_merge_self');
    expect(self.json.error.fields.other_id).toBeDefined();
    const missing = await merge('coordinator', kept.client_id, { other_id: 2_000_000_000 });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('not_found');
    const other = await person();
    expect((await merge('coordinator', kept.client_id, { other_id: other.client_id })).status).toBe(200);
    const again = await merge('coordinator', kept.client_id, { other_id: other.client_id });
    expect(again.status).toBe(404);
    expect(again.json.error).toMatchObject({ code: 'client_merged', merged_into: kept.client_id });
    const bad = await merge('coordinator', kept.client_id, { other_id: 'x', keep: { shoe_size: 'other' } });
    expect(bad.status).toBe(400);
  });

  it('lets an Admin merge across centres; a Coordinator reaches only their centre; a Reporter never', async () => {
    const own = await person('coordinator');
    const own2 = await person('coordinator');
    const foreign = await person('coordinator2');
    const cases: Array<[DemoUserKey, number, number, number]> = [
      ['reporter', own.client_id, own2.client_id, 403],
      ['coordinator', own.client_id, foreign.client_id, 404],
      ['coordinator2', own.client_id, foreign.client_id, 404],
      ['coordinator2', foreign.client_id, own.client_id, 404],
    ];
    for (const [as, keptId, otherId, status] of cases) {
      const res = await merge(as, keptId, { other_id: otherId });
      expect(res.status, `${as} ${keptId}←${otherId}`).toBe(status);
      const preview = await t.call('GET', `/api/clients/${keptId}/merge?other_id=${otherId}`, { as });
      expect(preview.status, `preview ${as}`).toBe(status);
    }
    expect((await t.call('GET', `/api/clients/${foreign.client_id}`, { as: 'coordinator2' })).status).toBe(
      200,
    );
    const admin = await merge('admin', own.client_id, {
      other_id: foreign.client_id,
      keep: { centre_id: 'other' },
    });
    expect(admin.status, JSON.stringify(admin.json)).toBe(200);
    expect(admin.json.centre_id).toBe(t.demo.coordinator2.centreId);
    const coordinator = await merge('coordinator', own2.client_id, { other_id: (await person()).client_id });
    expect(coordinator.status).toBe(200);
  });
});

describe('two merges of the same pair at once', () => {
  it.each([
    ['the same way round', false],
    ['each keeping the other', true],
  ])('%s: exactly one succeeds', async (_label, crossed) => {
    const a = await person();
    const b = await person();
    const [first, second] = await Promise.all([
      merge('coordinator', a.client_id, { other_id: b.client_id }),
      crossed
        ? merge('coordinator', b.client_id, { other_id: a.client_id })
        : merge('coordinator', a.client_id, { other_id: b.client_id }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses, JSON.stringify([first.json, second.json])).toEqual([200, 404]);
    const loser = first.status === 404 ? first : second;
    expect(loser.json.error.code).toBe('client_merged');
    const [row] = await selectRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM clients WHERE client_id IN (${a.client_id}, ${b.client_id})`,
    );
    expect(row!.n).toBe(1);
  });
});

describe('the merged client elsewhere', () => {
  it("keeps today's records of both after a merge", async () => {
    const kept = await person();
    const other = await person();
    await postCreated(t, 'coordinator', '/api/stories', {
      client_id: kept.client_id,
      date: todayIso(),
      writeup: 'A',
    });
    await postCreated(t, 'coordinator', '/api/stories', {
      client_id: other.client_id,
      date: todayIso(),
      writeup: 'B',
    });
    expect((await merge('coordinator', kept.client_id, { other_id: other.client_id })).status).toBe(200);
    const stories = await t.call('GET', `/api/clients/${kept.client_id}/stories`, { as: 'coordinator' });
    expect((stories.json as Array<{ writeup: string }>).map((s) => s.writeup).sort()).toEqual(['A', 'B']);
  });
});
