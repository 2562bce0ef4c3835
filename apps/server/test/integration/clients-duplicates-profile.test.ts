import type { Client } from '@cairn/shared/clients.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupClients, groups } from '../../src/db/schema/groups.ts';
import { plans } from '../../src/db/schema/plans.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('clients: duplicate warning', () => {
  let zoe: Client;
  beforeAll(async () => {
    zoe = await createClient(t, 'coordinator', {
      first_name: 'Zoé',
      last_name: 'Côté-Duval',
      date_of_birth: '1990-04-01',
      sin: '287654321',
    });
  });
  const check = (as: DemoUserKey, body: Record<string, unknown>) =>
    t.call('POST', '/api/clients/duplicates', { as, body });

  it('matches the same name (any case or accents) and date of birth', async () => {
    const res = await check('coordinator', {
      first_name: 'ZOE',
      last_name: 'cote-duval',
      date_of_birth: '1990-04-01',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      matches: [
        {
          client_id: zoe.client_id,
          full_name: 'Zoé Côté-Duval',
          date_of_birth: '1990-04-01',
          score: 0.9,
          reasons: ['same_name', 'dob_equal'],
        },
      ],
    });
  });

  it('matches the way people differ: a typo, a digit of the date, the day and month swapped', async () => {
    const reasons = async (body: Record<string, unknown>) =>
      ((await check('coordinator', body)).json.matches as Array<{ reasons: string[] }>).map((m) => m.reasons);
    expect(
      await reasons({ first_name: 'Zoé', last_name: 'Côté-Duval', date_of_birth: '1990-04-02' }),
    ).toEqual([['same_name', 'dob_one_digit']]);
    expect(
      await reasons({ first_name: 'Zoey', last_name: 'Cote Duval', date_of_birth: '1990-01-04' }),
    ).toEqual([['name_similar', 'dob_swapped']]);
  });

  it('needs more than the name, and more than the date of birth', async () => {
    const noDate = await check('coordinator', { first_name: 'Zoé', last_name: 'Côté-Duval' });
    expect(noDate.json.matches).toEqual([]);
    const farDate = await check('coordinator', {
      first_name: 'Zoé',
      last_name: 'Côté-Duval',
      date_of_birth: '1985-11-23',
    });
    expect(farDate.json.matches).toEqual([]);
    const otherName = await check('coordinator', {
      first_name: 'Marc',
      last_name: 'Côté-Duval',
      date_of_birth: '1990-04-01',
    });
    expect(otherName.json.matches).toEqual([]);
  });

  it('matches the same SIN, however it is written', async () => {
    const res = await check('coordinator', { first_name: 'Someone', last_name: 'Else', sin: '287 654 321' });
    expect(res.json.matches).toEqual([
      expect.objectContaining({ client_id: zoe.client_id, score: 0.95, reasons: ['same_sin'] }),
    ]);
  });

  it('leaves out the client being edited', async () => {
    const res = await check('coordinator', {
      first_name: 'Zoé',
      last_name: 'Côté-Duval',
      date_of_birth: '1990-04-01',
      sin: '287654321',
      exclude_client_id: zoe.client_id,
    });
    expect(res.json.matches).toEqual([]);
  });

  it('only looks within the caller’s centres', async () => {
    const body = { first_name: 'Zoé', last_name: 'Côté-Duval', date_of_birth: '1990-04-01' };
    expect((await check('coordinator2', body)).json.matches).toEqual([]);
    expect((await check('coordinator2', { sin: '287654321' })).json.matches).toEqual([]);
    expect((await check('admin', body)).json.matches).toHaveLength(1);
  });

  it('answers no matches when given nothing to compare, and checks the SIN format', async () => {
    expect((await check('coordinator', {})).json).toEqual({ matches: [] });
    const bad = await check('coordinator', { sin: '123' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.sin).toBe('must be 9 numbers');
  });
});

describe('clients: the profile', () => {
  it('has the centre name, groups newest first, and plan and story counts', async () => {
    const c = await createClient(t, 'coordinator', { first_name: 'Grace', last_name: 'Hopper' });
    const centreId = t.demo.coordinator.centreId!;
    const [older] = await t.db
      .insert(groups)
      .values({ centreId, name: 'Older group', createdAt: sql`now() - interval '2 days'` })
      .returning();
    const [newer] = await t.db.insert(groups).values({ centreId, name: 'Newer group' }).returning();
    await t.db.insert(groupClients).values([
      { groupId: older!.groupId, clientId: c.client_id },
      { groupId: newer!.groupId, clientId: c.client_id },
    ]);
    await t.db.insert(plans).values([
      { clientId: c.client_id, date: '2024-01-01', status: 'Closed' },
      { clientId: c.client_id, date: '2024-06-01', status: 'Open' },
    ]);
    const res = await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      client_id: c.client_id,
      full_name: 'Grace Hopper',
      centre_id: centreId,
      centre_name: 'Northern Lights Employment Centre',
      plans_count: 2,
      stories_count: 0,
      consent: true,
      has_sin: false,
      sin_masked: null,
    });
    expect(res.json.groups).toEqual([
      { group_id: newer!.groupId, name: 'Newer group', created_at: expect.stringMatching(/Z$/) },
      { group_id: older!.groupId, name: 'Older group', created_at: expect.stringMatching(/Z$/) },
    ]);
    expect(new Date(res.json.created_at).toISOString()).toBe(res.json.created_at);
  });
});
