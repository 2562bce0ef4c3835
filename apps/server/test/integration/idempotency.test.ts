import crypto from 'node:crypto';
import { ROLE } from '@cairn/shared/roles';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barriers } from '../../src/db/schema/catalogue.ts';
import { centres } from '../../src/db/schema/centres.ts';
import { clients } from '../../src/db/schema/clients.ts';
import { idempotencyKeys } from '../../src/db/schema/idempotency.ts';
import { clientInteractions } from '../../src/db/schema/interactions.ts';
import { notes, outcomes, spendings } from '../../src/db/schema/plan-records.ts';
import { stories } from '../../src/db/schema/stories.ts';
import { users } from '../../src/db/schema/users.ts';
import { groups } from '../../src/db/schema/groups.ts';
import { plans, planSupports, planTrainings } from '../../src/db/schema/plans.ts';
import { createClient, daysFromToday, intake } from '../helpers/clients.ts';
import { createGroup, newMembers } from '../helpers/groups.ts';
import { freshPlan, outcomeBody, planInfo } from '../helpers/plans.ts';
import { countRows } from '../helpers/rows.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newKey = () => crypto.randomUUID();
let seq = 0;
const unique = (prefix: string) => `${prefix} ${String.fromCharCode(97 + (seq % 26))}${++seq}`;

/** One create request: who sends it, where, and how many records it made so far. */
interface Create {
  as: DemoUserKey;
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
  status: 200 | 201;
  /** The records one request makes (a batch of interactions makes one per line). */
  made?: number;
  count: () => Promise<number>;
}

const rows = (table: PgTable, where: SQL) => () => countRows(t, table, where);

/** A fresh create request of each kind, each counting the records of its own client, plan or name. */
const CREATES: Record<string, () => Promise<Create>> = {
  client: async () => {
    const lastName = unique('Keyed');
    return {
      as: 'coordinator',
      method: 'POST',
      url: '/api/clients',
      body: intake({ last_name: lastName }),
      status: 201,
      count: rows(clients, eq(clients.lastName, lastName)),
    };
  },
  plan: async () => {
    const client = await createClient(t, 'coordinator', { last_name: unique('Planned') });
    return {
      as: 'coordinator',
      method: 'POST',
      url: '/api/plans',
      body: { client_id: client.client_id, barriers: [], ...planInfo() },
      status: 201,
      count: rows(plans, eq(plans.clientId, client.client_id)),
    };
  },
  note: async () => {
    const plan = await freshPlan(t, { last_name: unique('Noted') });
    return {
      as: 'coordinator',
      method: 'POST',
      url: '/api/notes',
      body: { note_id: -1, plan_id: plan.plan_id, topic: 'Call', date: daysFromToday(-1), notes: 'Called.' },
      status: 201,
      count: rows(notes, eq(notes.planId, plan.plan_id)),
    };
  },
  spending: async () => {
    const plan = await freshPlan(t, { last_name: unique('Spent') });
    return {
      as: 'coordinator',
      method: 'POST',
      url: '/api/spendings',
      body: { spending_id: -1, plan_id: plan.plan_id, date: daysFromToday(-2), item: 'Boots', value: 89.5 },
      status: 201,
      count: rows(spendings, eq(spendings.planId, plan.plan_id)),
    };
  },
  outcome: async () => {
    const plan = await freshPlan(t, { last_name: unique('Ended') });
    return {
      as: 'coordinator',
      method: 'POST',
      url: '/api/outcomes',
      body: outcomeBody(plan.plan_id),
      status: 201,
      count: rows(outcomes, eq(outcomes.planId, plan.plan_id)),
    };
  },
  story: async () => {
    const client = await createClient(t, 'coordinator', { last_name: unique('Told') });
    return {
      as: 'coordinator',
      method: 'POST',
      url: '/api/stories',
      body: { story_id: -1, client_id: client.client_id, date: daysFromToday(-3), writeup: 'Found work.' },
      status: 201,
      count: rows(stories, eq(stories.clientId, client.client_id)),
    };
  },
  interactions: async () => {
    const client = await createClient(t, 'coordinator', { last_name: unique('Met') });
    return {
      as: 'coordinator',
      method: 'PUT',
      url: `/api/clients/${client.client_id}/interactions`,
      body: [
        { interaction_id: 1, date: daysFromToday(-1), count: 2 },
        { interaction_id: 2, date: daysFromToday(-1), count: 1 },
      ],
      status: 200,
      made: 2,
      count: rows(clientInteractions, eq(clientInteractions.clientId, client.client_id)),
    };
  },
  group: async () => {
    const name = unique('Keyed Group');
    return {
      as: 'coordinator',
      method: 'POST',
      url: '/api/groups',
      body: { name, description: null, clients: [] },
      status: 201,
      count: rows(groups, eq(groups.name, name)),
    };
  },
  groupInteractions: async () => {
    const members = await newMembers(t, 2, 0);
    const group = await createGroup(
      t,
      'coordinator',
      members.map((m) => m.clientId),
    );
    return {
      as: 'coordinator',
      method: 'POST',
      url: `/api/groups/${group.group_id}/bulk-create/interaction`,
      body: [{ interaction_id: 1, date: daysFromToday(-1), count: 2 }],
      status: 201,
      made: 2,
      count: rows(
        clientInteractions,
        inArray(
          clientInteractions.clientId,
          members.map((m) => m.clientId),
        ),
      ),
    };
  },
  groupSupports: async () => {
    const members = await newMembers(t, 2);
    const group = await createGroup(
      t,
      'coordinator',
      members.map((m) => m.clientId),
    );
    return {
      as: 'coordinator',
      method: 'POST',
      url: `/api/groups/${group.group_id}/bulk-create/support`,
      // 'Other' may repeat under new names: a second write would add a second row per plan.
      body: [{ support_id: await otherId('supports'), other_name: unique('Keyed support') }],
      status: 201,
      made: 2,
      count: rows(
        planSupports,
        inArray(
          planSupports.planId,
          members.map((m) => m.planId!),
        ),
      ),
    };
  },
  groupTrainings: async () => {
    const members = await newMembers(t, 2);
    const group = await createGroup(
      t,
      'coordinator',
      members.map((m) => m.clientId),
    );
    return {
      as: 'coordinator',
      method: 'POST',
      url: `/api/groups/${group.group_id}/bulk-create/training`,
      body: [
        { training_id: await otherId('trainings'), date: daysFromToday(-1), other_name: unique('Keyed') },
      ],
      status: 201,
      made: 2,
      count: rows(
        planTrainings,
        inArray(
          planTrainings.planId,
          members.map((m) => m.planId!),
        ),
      ),
    };
  },
  barrier: async () => {
    const name = unique('Keyed barrier');
    return {
      as: 'admin',
      method: 'POST',
      url: '/api/barriers',
      body: { name, description: null, category: 'Health', reporting_type: null, disabled: false },
      status: 201,
      count: rows(barriers, eq(barriers.name, name)),
    };
  },
  user: async () => {
    const email = `keyed.user${++seq}@example.ca`;
    return {
      as: 'admin',
      method: 'POST',
      url: '/api/users',
      body: {
        first_name: 'Keyed',
        last_name: 'User',
        email,
        centre: { centre_id: t.demo.coordinator.centreId },
        roles: [{ role_id: ROLE.coordinator }],
      },
      status: 201,
      count: rows(users, eq(users.email, email)),
    };
  },
  centre: async () => {
    const name = unique('Keyed Centre');
    return {
      as: 'admin',
      method: 'POST',
      url: '/api/centres',
      body: {
        name,
        address: null,
        city: 'Kenora',
        province: 'MB',
        postal_code: null,
        phone: '204-555-0100',
        logo: null,
      },
      status: 201,
      count: rows(centres, eq(centres.name, name)),
    };
  },
};

/** The id of a catalogue list's 'Other' item. */
async function otherId(kind: 'supports' | 'trainings'): Promise<number> {
  const res = await t.call('GET', `/api/${kind}`, { as: 'coordinator' });
  const other = (res.json as Array<Record<string, unknown>>).find((i) => i.is_other === true)!;
  return other[`${kind.slice(0, -1)}_id`] as number;
}

function send(c: Create, key: string | undefined, patch: { as?: DemoUserKey; body?: unknown } = {}) {
  return t.call(c.method, c.url, {
    as: patch.as ?? c.as,
    body: patch.body ?? c.body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
}

const keyRows = (userId: number, key: string) =>
  countRows(t, idempotencyKeys, and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))!);

describe('a create sent twice with the same key', () => {
  it.each(Object.keys(CREATES))(
    '%s: the repeat answers the first answer and writes nothing',
    async (kind) => {
      const c = await CREATES[kind]!();
      const key = newKey();
      const first = await send(c, key);
      expect(first.status, first.body).toBe(c.status);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await send(c, key);
      expect(again.status).toBe(c.status);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(await c.count()).toBe(c.made ?? 1);
    },
  );

  it('without a key, creates each time as before', async () => {
    const c = await CREATES.story!();
    expect((await send(c, undefined)).status).toBe(201);
    expect((await send(c, undefined)).status).toBe(201);
    expect(await c.count()).toBe(2);
  });

  it('with a new key, creates a new record', async () => {
    const c = await CREATES.note!();
    expect((await send(c, newKey())).status).toBe(201);
    const second = await send(c, newKey());
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await c.count()).toBe(2);
  });

  it('keeps the answer encrypted: the stored row does not show what the answer says', async () => {
    const c = await CREATES.client!();
    const key = newKey();
    expect((await send(c, key)).status).toBe(201);
    const [row] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, t.demo.coordinator.userId), eq(idempotencyKeys.key, key)));
    expect(row!.route).toBe('POST /api/clients');
    expect(row!.status).toBe(201);
    expect(row!.answer).not.toContain('Keyed');
    expect(row!.requestHash).not.toContain('Keyed');
  });
});

describe('twenty requests with the same key at once', () => {
  it.each(['client', 'plan', 'interactions', 'groupSupports'])(
    '%s: one record, and every answer is the first',
    async (kind) => {
      const c = await CREATES[kind]!();
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(c, key)));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(c.status));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      expect(await c.count()).toBe(c.made ?? 1);
      expect(await keyRows(t.demo.coordinator.userId, key)).toBe(1);
    },
  );
});

describe('two servers on one database', () => {
  it('a bulk action sent to both with the same key writes once, and both answer the same', async () => {
    const other = await t.secondServer();
    try {
      const c = await CREATES.groupSupports!();
      const key = newKey();
      const headers = { 'idempotency-key': key };
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 === 0 ? t.call : other.call)(c.method, c.url, { as: c.as, body: c.body, headers }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await c.count()).toBe(c.made);
      // And a later retry, to the other server, is still answered from the database.
      const retry = await other.call(c.method, c.url, { as: c.as, body: c.body, headers });
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toBe(answers[0]!.body);
    } finally {
      await other.close();
    }
  });
});

describe('a key reused for another request', () => {
  it('answers 422 idempotency_key_reused for another body, and writes nothing', async () => {
    const c = await CREATES.spending!();
    const key = newKey();
    expect((await send(c, key)).status).toBe(201);
    const res = await send(c, key, { body: { ...(c.body as object), item: 'Bus pass' } });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({
      code: 'idempotency_key_reused',
      message:
        'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
    });
    expect(await c.count()).toBe(1);
  });

  it('answers 422 for another route', async () => {
    const note = await CREATES.note!();
    const story = await CREATES.story!();
    const key = newKey();
    expect((await send(note, key)).status).toBe(201);
    const res = await send(story, key);
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('idempotency_key_reused');
    expect(await story.count()).toBe(0);
  });

  it('answers 422 for the same route on another record (path parameters count)', async () => {
    const first = await CREATES.interactions!();
    const second = await CREATES.interactions!();
    const key = newKey();
    expect((await send(first, key)).status).toBe(200);
    const res = await t.call('PUT', second.url, {
      as: 'coordinator',
      body: first.body,
      headers: { 'idempotency-key': key },
    });
    expect(res.status).toBe(422);
    expect(await second.count()).toBe(0);
  });

  it('treats the same body written differently (key order, spacing) as the same request', async () => {
    const c = await CREATES.story!();
    const key = newKey();
    const body = c.body as Record<string, unknown>;
    const first = await send(c, key);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await t.call('POST', c.url, {
      as: 'coordinator',
      body: JSON.stringify(reordered, null, 2),
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
    });
    expect(again.status).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await c.count()).toBe(1);
  });
});

describe('keys are per user', () => {
  it("another user's same key is a key of their own", async () => {
    const key = newKey();
    const mine = await CREATES.client!();
    const first = await send(mine, key);
    expect(first.status).toBe(201);
    const res = await t.call('POST', '/api/clients', {
      as: 'coordinator2',
      body: mine.body,
      headers: { 'idempotency-key': key },
    });
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.json.id).not.toBe(first.json.id);
    expect(res.json.client.centre_id).toBe(t.demo.coordinator2.centreId);
    expect(await mine.count()).toBe(2);
  });
});

describe('what is not kept', () => {
  it('a 400 is not stored: the corrected request with the same key creates the record', async () => {
    const c = await CREATES.note!();
    const key = newKey();
    const bad = await send(c, key, { body: { ...(c.body as object), topic: '' } });
    expect(bad.status).toBe(400);
    expect(await keyRows(t.demo.coordinator.userId, key)).toBe(0);
    const good = await send(c, key);
    expect(good.status).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
    expect(await c.count()).toBe(1);
  });

  it("a refusal by the rules (409) is not stored either, nor the record's writes", async () => {
    const c = await CREATES.plan!();
    expect((await send(c, newKey())).status).toBe(201);
    const key = newKey();
    const refused = await send(c, key);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('open_plan_exists');
    expect(await keyRows(t.demo.coordinator.userId, key)).toBe(0);
    expect(await c.count()).toBe(1);
  });

  it('a caller without the right gets 403 before the key is looked at, and nothing is kept', async () => {
    const c = await CREATES.story!();
    const key = newKey();
    const res = await send(c, key, { as: 'reporter' });
    expect(res.status).toBe(403);
    expect(await keyRows(t.demo.reporter.userId, key)).toBe(0);
    const unsigned = await t.call('POST', c.url, { body: c.body, headers: { 'idempotency-key': key } });
    expect(unsigned.status).toBe(401);
    expect(await c.count()).toBe(0);
  });
});

describe('expiry', () => {
  const age = (userId: number, key: string, hours: number) =>
    t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

  it('replays within 24 hours', async () => {
    const c = await CREATES.story!();
    const key = newKey();
    const first = await send(c, key);
    await age(t.demo.coordinator.userId, key, 23);
    const again = await send(c, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await c.count()).toBe(1);
  });

  it('forgets a key after 24 hours: the same key creates again', async () => {
    const c = await CREATES.story!();
    const key = newKey();
    const first = await send(c, key);
    await age(t.demo.coordinator.userId, key, 25);
    const again = await send(c, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json.story_id).not.toBe(first.json.story_id);
    expect(await c.count()).toBe(2);
    expect(await keyRows(t.demo.coordinator.userId, key)).toBe(1);
  });

  it('removes expired keys as new ones are written', async () => {
    const c = await CREATES.story!();
    const old = newKey();
    expect((await send(c, old, { as: 'admin' })).status).toBe(201);
    await age(t.demo.admin.userId, old, 25);
    expect(await keyRows(t.demo.admin.userId, old)).toBe(1);
    expect((await send(c, newKey())).status).toBe(201);
    expect(await keyRows(t.demo.admin.userId, old)).toBe(0);
  });
});

describe('a bad key', () => {
  it.each([
    ['empty', ''],
    ['with a space', 'two words'],
    ['not ASCII', 'clé'],
    ['longer than 255', 'k'.repeat(256)],
  ])('answers 400 in the error shape when %s, and writes nothing', async (_, key) => {
    const c = await CREATES.story!();
    const res = await send(c, key);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'validation_failed',
      message: 'Some fields are not valid.',
      fields: { 'idempotency-key': 'must be 1 to 255 visible ASCII characters' },
    });
    expect(await c.count()).toBe(0);
  });

  it('takes 255 visible characters', async () => {
    const c = await CREATES.story!();
    expect((await send(c, '~'.repeat(200) + '!#$%&'.repeat(11))).status).toBe(201);
  });
});

describe('the API description', () => {
  it('documents the header and the 422 on every create, and on nothing else', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json;
    const keyed: string[] = [];
    for (const [path, methods] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        const header = (op.parameters ?? []).find((p: any) => p.in === 'header');
        if (!header) continue;
        expect(header).toMatchObject({ name: 'idempotency-key', required: false });
        expect(header.schema.pattern).toBeDefined();
        expect(op.responses['422']).toBeDefined();
        keyed.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(keyed.sort()).toEqual(
      [
        'POST /api/barriers',
        'POST /api/centres',
        'POST /api/clients',
        'POST /api/groups',
        'POST /api/groups/{id}/bulk-create/interaction',
        'POST /api/groups/{id}/bulk-create/support',
        'POST /api/groups/{id}/bulk-create/training',
        'PUT /api/clients/{id}/interactions',
        'POST /api/notes',
        'POST /api/outcomes',
        'POST /api/plans',
        'POST /api/spendings',
        'POST /api/stories',
        'POST /api/supports',
        'POST /api/trainings',
        'POST /api/users',
      ].sort(),
    );
  });
});
