import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientInteractions } from '../../src/db/schema/interactions.ts';
import { planSupports, planTrainings } from '../../src/db/schema/plans.ts';
import { entriesOf } from '../helpers/audit.ts';
import { daysFromToday } from '../helpers/clients.ts';
import { createGroup, newMembers } from '../helpers/groups.ts';
import { catalogueItems, createPlan, type CatalogueItem } from '../helpers/plans.ts';
import { countRows } from '../helpers/rows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let supports: { other: CatalogueItem; regular: CatalogueItem[] };
let trainings: { other: CatalogueItem; regular: CatalogueItem[] };
beforeAll(async () => {
  t = await createTestApp();
  supports = await catalogueItems(t, 'supports');
  trainings = await catalogueItems(t, 'trainings');
});
afterAll(() => t.close());

const bulk = (groupId: number, kind: 'interaction' | 'support' | 'training', body: unknown, query = '') =>
  t.call('POST', `/api/groups/${groupId}/bulk-create/${kind}${query}`, { as: 'coordinator', body });
const SKIP = '?skip_members_without_open_plan=true';

type Member = Awaited<ReturnType<typeof newMembers>>[number];
const nameOf = (p: Member) => ({ client_id: p.clientId, first_name: p.firstName, last_name: p.lastName });

async function planSupportNames(planId: number): Promise<string[]> {
  const res = await t.call('GET', `/api/plans/${planId}/supports`, { as: 'coordinator' });
  return res.json.map((s: { name: string; other_name: string | null }) => s.other_name ?? s.name);
}

async function planTrainingRows(planId: number): Promise<string[]> {
  const res = await t.call('GET', `/api/plans/${planId}/trainings`, { as: 'coordinator' });
  return res.json.map(
    (s: { name: string; other_name: string | null; date: string; noc: string | null }) =>
      `${s.other_name ?? s.name} ${s.date} ${s.noc ?? '-'}`,
  );
}

describe('members without an open plan', () => {
  it('answer 409 naming them for supports and trainings, and nothing is written for anyone', async () => {
    const people = await newMembers(t, 3, 2);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const planIds = people.flatMap((p) => (p.planId ? [p.planId] : []));
    for (const [kind, body] of [
      ['support', [{ support_id: supports.regular[0]!.id }]],
      ['training', [{ training_id: trainings.regular[0]!.id, date: daysFromToday(-1), noc: '1234' }]],
    ] as const) {
      const res = await bulk(group.group_id, kind, body);
      expect(res.status, kind).toBe(409);
      expect(res.json.error).toEqual({
        code: 'group_members_without_open_plan',
        message: 'Some of the participants in this group are missing open plans.',
        clients: [
          {
            client_id: people[2]!.clientId,
            first_name: people[2]!.firstName,
            last_name: people[2]!.lastName,
          },
        ],
      });
    }
    expect(await countRows(t, planSupports, inArray(planSupports.planId, planIds))).toBe(0);
    expect(await countRows(t, planTrainings, inArray(planTrainings.planId, planIds))).toBe(0);
  });

  it('do not stop interactions, which need no plan', async () => {
    const people = await newMembers(t, 2, 0);
    // A member with an open plan beside them changes nothing: interactions belong to the client.
    people.push(...(await newMembers(t, 1, 1)));
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const res = await bulk(group.group_id, 'interaction', [
      { interaction_id: 1, date: daysFromToday(-2), count: 3 },
      { interaction_id: 2, date: daysFromToday(-2), count: 0 },
    ]);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ members: 3, added: 3, skipped: [] });
    for (const p of people) {
      const sums = (await t.call('GET', `/api/clients/${p.clientId}/interactions`, { as: 'coordinator' }))
        .json;
      expect(sums.find((s: { interaction_id: number }) => s.interaction_id === 1).total).toBe(3);
      // Only counts above 0 are stored.
      expect(await countRows(t, clientInteractions, eq(clientInteractions.clientId, p.clientId))).toBe(1);
    }
  });
});

describe('skip_members_without_open_plan=true', () => {
  const supportBody = () => [{ support_id: supports.regular[0]!.id }];
  const trainingBody = () => [{ training_id: trainings.regular[0]!.id, date: daysFromToday(-3), noc: null }];

  it('adds supports and trainings to the members with an open plan, naming those skipped', async () => {
    const people = await newMembers(t, 4, 2);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const skipped = people
      .slice(2)
      .map(nameOf)
      .sort((a, b) => a.last_name.localeCompare(b.last_name));
    const supportsRes = await bulk(group.group_id, 'support', supportBody(), SKIP);
    expect(supportsRes.status, JSON.stringify(supportsRes.json)).toBe(201);
    expect(supportsRes.json).toEqual({ members: 2, added: 2, skipped });
    const trainingsRes = await bulk(group.group_id, 'training', trainingBody(), SKIP);
    expect(trainingsRes.status, JSON.stringify(trainingsRes.json)).toBe(201);
    expect(trainingsRes.json).toEqual({ members: 2, added: 2, skipped });
    for (const p of people.slice(0, 2)) {
      expect(await planSupportNames(p.planId!)).toEqual([supports.regular[0]!.name]);
      expect(await planTrainingRows(p.planId!)).toEqual([
        `${trainings.regular[0]!.name} ${daysFromToday(-3)} -`,
      ]);
    }
    // The members skipped got no plan of their own.
    for (const p of people.slice(2)) {
      const plans = await t.call('GET', `/api/clients/${p.clientId}/plans`, { as: 'coordinator' });
      expect(plans.json).toEqual([]);
    }
  });

  it('names only the members reached in the audit entry', async () => {
    const people = await newMembers(t, 3, 2);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const { result, entries } = await entriesOf(t, () =>
      bulk(group.group_id, 'support', supportBody(), SKIP),
    );
    expect(result.status).toBe(201);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({
      client_ids: [people[0]!.clientId, people[1]!.clientId].sort((a, b) => a - b),
      added: 2,
      skipped: 1,
    });
  });

  it.each([['false'], ['0']])('set to %s still answers 409, writing nothing', async (value) => {
    const people = await newMembers(t, 2, 1);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const query = `?skip_members_without_open_plan=${value}`;
    expect((await bulk(group.group_id, 'support', supportBody(), query)).status).toBe(409);
    expect((await bulk(group.group_id, 'training', trainingBody(), query)).status).toBe(409);
    expect(await countRows(t, planSupports, eq(planSupports.planId, people[0]!.planId!))).toBe(0);
    expect(await countRows(t, planTrainings, eq(planTrainings.planId, people[0]!.planId!))).toBe(0);
  });

  it('makes a keyed request another request: the same key without the flag is refused, not replayed', async () => {
    const people = await newMembers(t, 2, 1);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const send = (query: string) =>
      t.call('POST', `/api/groups/${group.group_id}/bulk-create/support${query}`, {
        as: 'coordinator',
        body: supportBody(),
        headers: { 'idempotency-key': `skip-${group.group_id}` },
      });
    expect((await send(SKIP)).status).toBe(201);
    expect((await send(SKIP)).headers['idempotent-replayed']).toBe('true');
    expect((await send('')).status).toBe(422);
  });

  it('answers 400 for a value that is not a yes or a no', async () => {
    const group = await createGroup(t, 'coordinator', []);
    const res = await bulk(group.group_id, 'support', supportBody(), '?skip_members_without_open_plan=yes');
    expect(res.status).toBe(400);
  });
});

describe('supports on every open plan', () => {
  it("append in order, keep 'Other' once per name, and drop any other repeat", async () => {
    const people = await newMembers(t, 3);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const [a, b] = supports.regular;
    // One member already has support a: it is not added to that plan twice.
    const save = await t.call('PUT', `/api/plans/${people[0]!.planId}/supports`, {
      as: 'coordinator',
      body: [{ support_id: a!.id }],
    });
    expect(save.status).toBe(200);

    const first = await bulk(group.group_id, 'support', [
      { support_id: a!.id },
      { support_id: supports.other.id, other_name: 'Bus pass' },
      { support_id: b!.id },
      { support_id: b!.id },
      { support_id: supports.other.id, other_name: 'bus PASS' },
    ]);
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json).toEqual({ members: 3, added: 8, skipped: [] });
    expect(await planSupportNames(people[0]!.planId!)).toEqual([a!.name, 'Bus pass', b!.name]);
    for (const p of people.slice(1))
      expect(await planSupportNames(p.planId!)).toEqual([a!.name, 'Bus pass', b!.name]);

    const second = await bulk(group.group_id, 'support', [
      { support_id: supports.other.id, other_name: 'Childcare' },
      { support_id: a!.id },
    ]);
    expect(second.json).toEqual({ members: 3, added: 3, skipped: [] });
    for (const p of people) {
      expect(await planSupportNames(p.planId!)).toEqual([a!.name, 'Bus pass', b!.name, 'Childcare']);
    }
  });

  it("answer 400 when 'Other' has no name or an item does not exist, writing nothing", async () => {
    const people = await newMembers(t, 2);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const res = await bulk(group.group_id, 'support', [
      { support_id: supports.regular[0]!.id },
      { support_id: supports.other.id, other_name: ' ' },
      { support_id: 2147480000 },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      '1.other_name': 'This field is required',
      '2.support_id': 'must be one of the listed answers',
    });
    const planIds = people.map((p) => p.planId!);
    expect(await countRows(t, planSupports, inArray(planSupports.planId, planIds))).toBe(0);
  });
});

describe('trainings on every open plan', () => {
  it('add the training with its NOC to each plan, and the same training on the same date once', async () => {
    const people = await newMembers(t, 2);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const [first] = trainings.regular;
    const day = daysFromToday(-5);
    const res = await bulk(group.group_id, 'training', [
      { training_id: first!.id, date: day, noc: '7521' },
      { training_id: first!.id, date: day, noc: '1111' },
      { training_id: trainings.other.id, date: day, noc: null, other_name: 'Chainsaw safety' },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({ members: 2, added: 4, skipped: [] });
    const again = await bulk(group.group_id, 'training', [
      { training_id: first!.id, date: day, noc: null },
      { training_id: first!.id, date: daysFromToday(-4), noc: null },
      { training_id: trainings.other.id, date: day, other_name: 'chainsaw SAFETY' },
      { training_id: trainings.other.id, date: day, other_name: 'First aid' },
    ]);
    expect(again.json).toEqual({ members: 2, added: 4, skipped: [] });
    for (const p of people) {
      expect((await planTrainingRows(p.planId!)).sort()).toEqual(
        [
          `${first!.name} ${day} 7521`,
          `${first!.name} ${daysFromToday(-4)} -`,
          `Chainsaw safety ${day} -`,
          `First aid ${day} -`,
        ].sort(),
      );
    }
  });

  it.each([
    [{ date: daysFromToday(1) }, '0.date', "Date can't be in the future"],
    [{ date: '' }, '0.date', 'This field is required'],
    [{ noc: '12a4' }, '0.noc', 'must be a valid NOC'],
    [{ noc: '123456' }, '0.noc', 'must be a valid NOC'],
  ])('answer 400 for %j, writing nothing', async (patch, field, message) => {
    const people = await newMembers(t, 1);
    const group = await createGroup(t, 'coordinator', [people[0]!.clientId]);
    const res = await bulk(group.group_id, 'training', [
      { training_id: trainings.regular[0]!.id, date: daysFromToday(-1), noc: null, ...patch },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect(await countRows(t, planTrainings, eq(planTrainings.planId, people[0]!.planId!))).toBe(0);
  });
});

describe('interaction validation', () => {
  it.each([
    [{ count: 100 }, '0.count', 'must be between 0 and 99'],
    [{ count: -1 }, '0.count', 'must be between 0 and 99'],
    [{ date: daysFromToday(2) }, '0.date', "Date can't be in the future"],
    [{ interaction_id: 999 }, '0.interaction_id', 'must be one of the listed answers'],
  ])('answers 400 for %j, writing nothing', async (patch, field, message) => {
    const people = await newMembers(t, 1, 0);
    const group = await createGroup(t, 'coordinator', [people[0]!.clientId]);
    const res = await bulk(group.group_id, 'interaction', [
      { interaction_id: 1, date: daysFromToday(-1), count: 1, ...patch },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect(await countRows(t, clientInteractions, eq(clientInteractions.clientId, people[0]!.clientId))).toBe(
      0,
    );
  });

  it('answers 400 for an empty list', async () => {
    const group = await createGroup(t, 'coordinator', []);
    for (const kind of ['interaction', 'support', 'training'] as const) {
      expect((await bulk(group.group_id, kind, [])).status).toBe(400);
    }
  });
});

describe('a plan opened after the refusal', () => {
  it('lets the bulk action through for everyone', async () => {
    const people = await newMembers(t, 2, 1);
    const group = await createGroup(
      t,
      'coordinator',
      people.map((p) => p.clientId),
    );
    const body = [{ support_id: supports.regular[1]!.id }];
    expect((await bulk(group.group_id, 'support', body)).status).toBe(409);
    const plan = await createPlan(t, 'coordinator', people[1]!.clientId);
    const check = await t.call('GET', `/api/groups/${group.group_id}/check-plans`, { as: 'coordinator' });
    expect(check.json).toEqual({ clientsMissingOpenPlan: [] });
    expect((await bulk(group.group_id, 'support', body)).json).toEqual({ members: 2, added: 2, skipped: [] });
    expect(await planSupportNames(plan.plan_id)).toEqual([supports.regular[1]!.name]);
  });
});
