import type { Client } from '@cairn/shared/clients.schemas';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema/clients.ts';
import { plans } from '../../src/db/schema/plans.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('clients: rows that share the sort value keep one order across pages', () => {
  /** A Coordinator of a centre of their own, so that the list holds exactly these clients. */
  let who: { token: string };
  /** The clients in the order ties fall in: by name, then by id (two share a name). */
  let byNameThenId: number[];

  beforeAll(async () => {
    const centre = await t.call('POST', '/api/centres', {
      as: 'admin',
      body: { name: 'Tie Test Centre', phone: '204-555-0190' },
    });
    expect(centre.status).toBe(201);
    const user = await t.call('POST', '/api/users', {
      as: 'admin',
      body: {
        first_name: 'Tie',
        last_name: 'Coordinator',
        email: 'ties@example.ca',
        centre: { centre_id: centre.json.id },
        roles: [{ role_id: 2 }],
      },
    });
    expect(user.status).toBe(201);
    who = { token: await t.tokenForId(user.json.id) };

    // Created out of name order, so that the id order and the name order differ; every one has
    // the same phone, no email, an open plan and (below) the same change time.
    const made: Client[] = [];
    for (const first of ['Otto', 'Mia', 'Ali', 'Zack', 'Mia', 'Bea', 'Finn']) {
      made.push(
        await createClient(t, who, { first_name: first, last_name: 'Tieson', phone: '204-555-0199' }),
      );
    }
    const ids = made.map((c) => c.client_id);
    await t.db
      .insert(plans)
      .values(ids.map((clientId) => ({ clientId, date: '2024-04-01', status: 'Open' })));
    await t.db
      .update(clients)
      .set({ updatedAt: sql`'2024-05-01T12:00:00Z'::timestamptz` })
      .where(inArray(clients.clientId, ids));
    byNameThenId = [...made]
      .sort((a, b) => a.first_name.localeCompare(b.first_name) || a.client_id - b.client_id)
      .map((c) => c.client_id);
  });

  /** Every page of the list, two rows at a time, as one list of ids. */
  async function pageThrough(query: string): Promise<number[]> {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await t.call('GET', `/api/clients?per_page=2&page=${page}&${query}`, { ...who });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.total).toBe(7);
      seen.push(...(res.json.items as Array<{ client_id: number }>).map((i) => i.client_id));
    }
    return seen;
  }

  it.each(['recent_plan_status', 'phone', 'email', 'updated_at', 'centre_name'])(
    'sorted by %s, pages show each client once: by name, then id (reversed Z to A)',
    async (sortBy) => {
      for (const search of ['', '&s=tieson']) {
        const ascending = await pageThrough(`sort_by=${sortBy}&sort_desc=false${search}`);
        expect(ascending).toEqual(byNameThenId);
        expect(await pageThrough(`sort_by=${sortBy}&sort_desc=false${search}`)).toEqual(ascending);
        const descending = await pageThrough(`sort_by=${sortBy}&sort_desc=true${search}`);
        expect(descending).toEqual([...byNameThenId].reverse());
      }
    },
  );

  it('sorted by name, the two clients of one name fall in id order', async () => {
    const ascending = await pageThrough('sort_by=full_name&sort_desc=false');
    expect(ascending).toEqual(byNameThenId);
    expect(new Set(ascending).size).toBe(7);
    expect(await pageThrough('sort_by=full_name&sort_desc=true')).toEqual([...byNameThenId].reverse());
  });
});
