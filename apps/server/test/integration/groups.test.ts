import type { Group, GroupList } from '@cairn/shared/groups.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema/clients.ts';
import { groupClients, groups } from '../../src/db/schema/groups.ts';
import { expectForbidden, expectNotFound, expectSignInRequired, type RouteCall } from '../helpers/access.ts';
import { createClient, daysFromToday } from '../helpers/clients.ts';
import { createGroup, newMembers, uniqueName } from '../helpers/groups.ts';
import { countRows } from '../helpers/rows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let own: number[];
let theirs: number[];
beforeAll(async () => {
  t = await createTestApp();
  own = (await newMembers(t, 3, 0)).map((m) => m.clientId);
  theirs = (await newMembers(t, 1, 0, 'coordinator2')).map((m) => m.clientId);
});
afterAll(() => t.close());

const members = (groupId: number) => countRows(t, groupClients, eq(groupClients.groupId, groupId));
const memberIds = (group: Group) => group.clients.map((c) => c.client_id).sort((a, b) => a - b);

/** Every group route, with a valid body, or `invalid` as the body of those that take one. */
function calls(groupId: number, clientId: number, invalid?: unknown): RouteCall[] {
  const today = daysFromToday(0);
  return [
    { method: 'GET', url: '/api/groups' },
    { method: 'POST', url: '/api/groups', body: invalid ?? { name: 'New', clients: [] } },
    { method: 'GET', url: `/api/groups/${groupId}` },
    { method: 'PUT', url: `/api/groups/${groupId}`, body: invalid ?? { name: 'Renamed' } },
    { method: 'POST', url: `/api/groups/${groupId}/clients`, body: invalid ?? [{ client_id: clientId }] },
    { method: 'GET', url: `/api/groups/${groupId}/check-plans` },
    {
      method: 'POST',
      url: `/api/groups/${groupId}/bulk-create/interaction`,
      body: invalid ?? [{ interaction_id: 1, date: today, count: 1 }],
    },
    {
      method: 'POST',
      url: `/api/groups/${groupId}/bulk-create/support`,
      body: invalid ?? [{ support_id: 1, other_name: null }],
    },
    {
      method: 'POST',
      url: `/api/groups/${groupId}/bulk-create/training`,
      body: invalid ?? [{ training_id: 1, date: today, noc: null, other_name: null }],
    },
    { method: 'DELETE', url: `/api/groups/${groupId}` },
  ];
}

describe('groups: who may call what', () => {
  it('answers 401 without a token', async () => {
    await expectSignInRequired(t, calls(1, own[0]!));
  });

  it('answers 403 to a Reporter before reading the input, and changes nothing', async () => {
    const group = await createGroup(t, 'coordinator', [own[0]!]);
    await expectForbidden(t, 'reporter', calls(group.group_id, own[1]!, { name: '' }));
    expect(await members(group.group_id)).toBe(1);
    const [row] = await t.db.select().from(groups).where(eq(groups.groupId, group.group_id));
    expect(row!.name).toBe(group.name);
  });

  it("lets an Admin read every centre's groups, but not change them", async () => {
    const group = await createGroup(t, 'coordinator2', [theirs[0]!]);
    const list = await t.call('GET', `/api/groups?s=${encodeURIComponent(group.name)}`, { as: 'admin' });
    expect(list.status).toBe(200);
    expect((list.json as GroupList).items.map((g) => g.group_id)).toEqual([group.group_id]);
    expect((await t.call('GET', `/api/groups/${group.group_id}`, { as: 'admin' })).json).toEqual(group);
    const check = await t.call('GET', `/api/groups/${group.group_id}/check-plans`, { as: 'admin' });
    expect(check.status).toBe(200);
    const writes = calls(group.group_id, theirs[0]!).filter((c) => c.method !== 'GET');
    await expectForbidden(t, 'admin', writes);
    expect(await members(group.group_id)).toBe(1);
  });

  it("answers 404 for another centre's group on every call, and changes nothing", async () => {
    const group = await createGroup(t, 'coordinator2', [theirs[0]!]);
    const routes = calls(group.group_id, own[0]!).filter((c) => c.url !== '/api/groups');
    await expectNotFound(t, 'coordinator', routes);
    expect(await members(group.group_id)).toBe(1);
    const [row] = await t.db.select().from(groups).where(eq(groups.groupId, group.group_id));
    expect(row!.name).toBe(group.name);
    // Nor is it listed, searched for by its own name.
    const list = await t.call('GET', `/api/groups?s=${encodeURIComponent(group.name)}`, {
      as: 'coordinator',
    });
    expect(list.json).toEqual({ items: [], total: 0 });
  });

  it('answers 404 for a group that does not exist, or an id past the integer range', async () => {
    await expectNotFound(
      t,
      'coordinator',
      calls(2147483000, own[0]!).filter((c) => c.url !== '/api/groups'),
    );
    expect((await t.call('GET', '/api/groups/2147483648', { as: 'coordinator' })).status).toBe(404);
  });
});

describe('members are clients of the group’s centre only', () => {
  it("refuses another centre's client or a missing one on create, and creates nothing", async () => {
    const name = uniqueName('Refused');
    for (const clientId of [theirs[0]!, 2147480000]) {
      const res = await t.call('POST', '/api/groups', {
        as: 'coordinator',
        body: { name, clients: [{ client_id: own[0]! }, { client_id: clientId }] },
      });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('group_member_not_found');
    }
    expect(await countRows(t, groups, eq(groups.name, name))).toBe(0);
  });

  it('refuses them on add and on a member list save, and adds nothing', async () => {
    const group = await createGroup(t, 'coordinator', [own[0]!]);
    const add = await t.call('POST', `/api/groups/${group.group_id}/clients`, {
      as: 'coordinator',
      body: [{ client_id: own[1]! }, { client_id: theirs[0]! }],
    });
    expect(add.status).toBe(404);
    expect(add.json.error).toMatchObject({
      code: 'group_member_not_found',
      message: 'Some of the chosen clients were not found.',
    });
    const put = await t.call('PUT', `/api/groups/${group.group_id}`, {
      as: 'coordinator',
      body: { name: 'Other name', clients: [{ client_id: own[2]! }, { client_id: 2147480001 }] },
    });
    expect(put.status).toBe(404);
    const [row] = await t.db.select().from(groups).where(eq(groups.groupId, group.group_id));
    expect(row!.name).toBe(group.name);
    expect(
      (await t.call('GET', `/api/groups/${group.group_id}`, { as: 'coordinator' })).json.clients,
    ).toEqual(group.clients);
  });
});

describe('validation', () => {
  it.each([
    [{ description: 'No name' }, 'name', 'This field is required'],
    [{ name: '   ' }, 'name', 'This field is required'],
    [{ name: 'x'.repeat(65) }, 'name', 'must be less than 64 characters'],
    [{ name: 'Fine', description: 'd'.repeat(129) }, 'description', 'must be less than 128 characters'],
    [{ name: 'Fine', clients: [{ client_id: 'abc' }] }, 'clients.0.client_id', undefined],
  ])('answers 400 for %j, naming %s', async (body, field, message) => {
    const before = await countRows(t, groups, eq(groups.createdBy, t.demo.coordinator.userId));
    const res = await t.call('POST', '/api/groups', { as: 'coordinator', body });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(Object.keys(res.json.error.fields)).toContain(field);
    if (message) expect(res.json.error.fields[field]).toBe(message);
    expect(await countRows(t, groups, eq(groups.createdBy, t.demo.coordinator.userId))).toBe(before);
  });

  it('takes a name of 64 and a description of 128 characters, and keeps no empty description', async () => {
    const group = await createGroup(t, 'coordinator', [], {
      name: 'n'.repeat(64),
      description: 'd'.repeat(128),
    });
    expect(group.name).toHaveLength(64);
    expect(group.description).toHaveLength(128);
    const bare = await createGroup(t, 'coordinator', [], { description: '  ' });
    expect(bare.description).toBeNull();
  });

  it('answers 400 on a rename to nothing, and keeps the old name', async () => {
    const group = await createGroup(t, 'coordinator', []);
    const res = await t.call('PUT', `/api/groups/${group.group_id}`, {
      as: 'coordinator',
      body: { name: '' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.name).toBe('This field is required');
    expect((await t.call('GET', `/api/groups/${group.group_id}`, { as: 'coordinator' })).json.name).toBe(
      group.name,
    );
  });
});

describe('a group and its members', () => {
  it("is created in its creator's centre with its members, each once, by name", async () => {
    const group = await createGroup(t, 'coordinator', [own[1]!, own[0]!, own[1]!]);
    expect(group).toMatchObject({
      centre_id: t.demo.coordinator.centreId,
      clients_count: 2,
      description: 'Forklift cohort',
    });
    expect(memberIds(group)).toEqual([own[0]!, own[1]!].sort((a, b) => a - b));
    expect(group.clients[0]).toEqual({
      client_id: expect.any(Number),
      first_name: expect.any(String),
      last_name: expect.any(String),
      full_name: expect.any(String),
      date_of_birth: null,
    });
    expect((await t.call('GET', `/api/groups/${group.group_id}`, { as: 'coordinator' })).json).toEqual(group);
  });

  it('keeps its members on a details save, replaces them on a member list save, adds on POST clients', async () => {
    const group = await createGroup(t, 'coordinator', [own[0]!]);
    const renamed = await t.call('PUT', `/api/groups/${group.group_id}`, {
      as: 'coordinator',
      body: { name: 'Renamed', description: null },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Renamed', description: null, clients_count: 1 });
    expect(memberIds(renamed.json)).toEqual([own[0]!]);

    const replaced = await t.call('PUT', `/api/groups/${group.group_id}`, {
      as: 'coordinator',
      body: { name: 'Renamed', clients: [{ client_id: own[1]! }, { client_id: own[2]! }] },
    });
    expect(memberIds(replaced.json)).toEqual([own[1]!, own[2]!].sort((a, b) => a - b));

    const added = await t.call('POST', `/api/groups/${group.group_id}/clients`, {
      as: 'coordinator',
      body: [{ client_id: own[0]! }, { client_id: own[1]! }],
    });
    expect(added.status).toBe(200);
    expect(added.json.clients_count).toBe(3);
    expect(await members(group.group_id)).toBe(3);

    const emptied = await t.call('PUT', `/api/groups/${group.group_id}`, {
      as: 'coordinator',
      body: { name: 'Renamed', clients: [] },
    });
    expect(emptied.json.clients).toEqual([]);
  });

  it('is deleted with its memberships, never its clients', async () => {
    const group = await createGroup(t, 'coordinator', own);
    const res = await t.call('DELETE', `/api/groups/${group.group_id}`, { as: 'coordinator' });
    expect(res.status).toBe(204);
    expect(await members(group.group_id)).toBe(0);
    expect(await countRows(t, groups, eq(groups.groupId, group.group_id))).toBe(0);
    for (const id of own) expect(await countRows(t, clients, eq(clients.clientId, id))).toBe(1);
    expect((await t.call('GET', `/api/groups/${group.group_id}`, { as: 'coordinator' })).status).toBe(404);
  });

  it("shows in its members' profiles, newest first", async () => {
    const client = await createClient(t, 'coordinator', { last_name: uniqueName('Profiled') });
    const first = await createGroup(t, 'coordinator', [client.client_id]);
    const second = await createGroup(t, 'coordinator', [client.client_id]);
    const profile = await t.call('GET', `/api/clients/${client.client_id}`, { as: 'coordinator' });
    expect(profile.json.groups.map((g: { group_id: number }) => g.group_id)).toEqual([
      second.group_id,
      first.group_id,
    ]);
  });

  it('check-plans names the members without an open plan', async () => {
    const people = await newMembers(t, 3, 1);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const res = await t.call('GET', `/api/groups/${group.group_id}/check-plans`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json.clientsMissingOpenPlan).toEqual(
      people.slice(1).map((p) => ({ client_id: p.clientId, first_name: p.firstName, last_name: p.lastName })),
    );
  });
});

describe('the group list', () => {
  let prefix: string;
  let made: Group[];
  beforeAll(async () => {
    prefix = uniqueName('Listed');
    made = [];
    for (let i = 0; i < 5; i++)
      made.push(await createGroup(t, 'coordinator', own.slice(0, i % 3), { name: `${prefix} ${i}` }));
  });

  it('is newest first, with members counted, searched and paged on the server', async () => {
    const s = encodeURIComponent(prefix.toUpperCase());
    const page1 = (await t.call('GET', `/api/groups?s=${s}&per_page=2`, { as: 'coordinator' }))
      .json as GroupList;
    expect(page1.total).toBe(5);
    expect(page1.items.map((g) => g.name)).toEqual([`${prefix} 4`, `${prefix} 3`]);
    expect(page1.items.map((g) => g.clients_count)).toEqual([1, 0]);
    const page3 = (await t.call('GET', `/api/groups?s=${s}&per_page=2&page=3`, { as: 'coordinator' })).json;
    expect(page3.items.map((g: Group) => g.name)).toEqual([`${prefix} 0`]);
    const past = (await t.call('GET', `/api/groups?s=${s}&per_page=2&page=9`, { as: 'coordinator' })).json;
    expect(past).toEqual({ items: [], total: 5 });
  });

  it('treats % and _ in a search as text', async () => {
    const res = await t.call('GET', `/api/groups?s=${encodeURIComponent('%_')}`, { as: 'coordinator' });
    expect(res.json).toEqual({ items: [], total: 0 });
  });

  it("lists only the caller's centre's groups", async () => {
    const theirGroup = await createGroup(t, 'coordinator2', [theirs[0]!]);
    const all = (await t.call('GET', '/api/groups?per_page=100', { as: 'coordinator' })).json as GroupList;
    expect(all.items.every((g) => g.centre_id === t.demo.coordinator.centreId)).toBe(true);
    expect(all.items.map((g) => g.group_id)).not.toContain(theirGroup.group_id);
    expect(all.items.map((g) => g.group_id)).toEqual(expect.arrayContaining(made.map((g) => g.group_id)));
  });
});
