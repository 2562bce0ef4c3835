/**
 * Deep pages of the client list by last change (issue 33): the page begins from the day counts of
 * client_update_days (migration 0043) instead of skipping every row before it. Every page, both
 * directions and every scope, against the plain OFFSET statement it replaced; and the day counts
 * against a count of the clients, through every kind of change.
 */
import type { Client } from '@cairn/shared/clients.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { clients } from '../../src/db/schema/clients.ts';
import { listClients } from '../../src/modules/clients/clients-list.repository.ts';
import type { ListFilter } from '../../src/modules/clients/clients-list-filters.repository.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { centreWithCoordinator } from '../helpers/users.ts';

let t: TestApp;
let centreId: number;
const made: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const own = await centreWithCoordinator(t, 'Deep Pages Centre', 'Deep');
  centreId = own.centreId;
  const who = own.who;
  for (let i = 0; i < 24; i++) {
    made.push(await createClient(t, who, { first_name: `Deep${i % 5}`, last_name: 'Pages' }));
  }
  // Changed over nine days, several at the very same moment (ties fall to name, then id), and two
  // within a second of midnight (UTC) on either side.
  for (const [i, c] of made.entries()) {
    const at =
      i === 0
        ? sql`date_trunc('day', now()) - interval '3 days' - interval '1 second'`
        : i === 1
          ? sql`date_trunc('day', now()) - interval '3 days'`
          : sql`date_trunc('day', now()) - make_interval(days => ${i % 9}, hours => ${i % 3})`;
    await t.db.update(clients).set({ updatedAt: at }).where(eq(clients.clientId, c.client_id));
  }
});
afterAll(() => t.close());

/** The page as the plain statement gives it: every row before it skipped. */
async function plainPage(centre: number | null, desc: boolean, limit: number, offset: number) {
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const rows = await selectRows<{ client_id: number }>(
    t.db,
    sql`SELECT client_id FROM clients WHERE ${centre === null ? sql`true` : sql`centre_id = ${centre}`}
         ORDER BY updated_at ${dir}, name_key ${dir}, client_id ${dir} LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => r.client_id);
}

async function totalOf(centre: number | null) {
  const [row] = await selectRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM clients WHERE ${centre === null ? sql`true` : sql`centre_id = ${centre}`}`,
  );
  return row!.n;
}

/** The day counts as the triggers keep them, and as a count of the clients gives them. */
async function dayCounts() {
  const kept = await selectRows<{ centre_id: number; day: string; n: number }>(
    t.db,
    sql`SELECT centre_id, day::text AS day, clients AS n FROM client_update_days WHERE clients <> 0
         ORDER BY 1, 2`,
  );
  const counted = await selectRows<{ centre_id: number; day: string; n: number }>(
    t.db,
    sql`SELECT centre_id, (updated_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS n
          FROM clients GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return { kept, counted };
}

describe('client list: deep pages by last change', () => {
  it('answers every page as the plain statement does, in every scope and both directions', async () => {
    const scopes: Array<{ scope: { allCentres: boolean; centreId: number | null }; filter?: ListFilter }> = [
      { scope: { allCentres: false, centreId } },
      { scope: { allCentres: true, centreId: null } },
      { scope: { allCentres: true, centreId: null }, filter: { centreId, range: null } },
    ];
    for (const { scope, filter } of scopes) {
      const centre = filter?.centreId ?? scope.centreId;
      const total = await totalOf(centre);
      for (const desc of [true, false]) {
        for (const limit of [1, 4, 7]) {
          for (let offset = 0; offset <= total + 1; offset += limit === 1 ? 1 : 3) {
            const page = await listClients(t.db, scope, {
              sort: 'updated_at',
              desc,
              words: [],
              filter,
              limit,
              offset,
              // Every page from the day counts, however early.
              anchoredFrom: 0,
            });
            const label = `${JSON.stringify(scope)} ${filter ? 'filtered' : ''} desc ${desc} ${limit}@${offset}`;
            expect(
              page.items.map((i) => i.client_id),
              label,
            ).toEqual(await plainPage(centre, desc, limit, offset));
            expect(page.total, label).toBe(total);
          }
        }
      }
    }
  });

  it('answers the API’s pages as before, deep ones included', async () => {
    const all: number[] = [];
    for (let page = 1; page <= 30; page++) {
      const res = await t.call('GET', `/api/clients?per_page=10&page=${page}`, { as: 'admin' });
      expect(res.status).toBe(200);
      if (res.json.items.length === 0) break;
      all.push(...res.json.items.map((i: { client_id: number }) => i.client_id));
    }
    expect(all).toEqual(await plainPage(null, true, 10_000, 0));
  });

  it('keeps the day counts through creates, changes, moves and deletes', async () => {
    expect((await dayCounts()).kept).toEqual((await dayCounts()).counted);
    // Several rows in one statement, across days, and a move to another centre.
    await t.db
      .update(clients)
      .set({ updatedAt: sql`updated_at - interval '40 days'` })
      .where(sql`client_id IN (${made[2]!.client_id}, ${made[3]!.client_id}, ${made[4]!.client_id})`);
    const [other] = await selectRows<{ centre_id: number }>(
      t.db,
      sql`SELECT centre_id FROM centres WHERE centre_id <> ${centreId} ORDER BY centre_id LIMIT 1`,
    );
    await t.db
      .update(clients)
      .set({ centreId: other!.centre_id })
      .where(eq(clients.clientId, made[5]!.client_id));
    // A change within the same day moves nothing.
    await t.db
      .update(clients)
      .set({ updatedAt: sql`updated_at + interval '1 second'` })
      .where(eq(clients.clientId, made[6]!.client_id));
    expect((await t.call('DELETE', `/api/clients/${made[7]!.client_id}`, { as: 'admin' })).status).toBe(200);
    const after = await dayCounts();
    expect(after.kept).toEqual(after.counted);
  });
});
