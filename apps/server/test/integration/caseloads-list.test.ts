import { CLIENT_SORTS } from '@cairn/shared/clients.schemas';
import { todayIso } from '@cairn/shared/dates';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';
import { userCalls } from '../helpers/users.ts';

/**
 * The client list's worker filter (issue 32): `worker=me|none|{id}` for every role, with every
 * sort, a search and a report's range, against the clients table read directly; bad values 400;
 * the export's Worker column.
 */
let t: TestApp;
const users = userCalls(() => t);
let colleague: number;

beforeAll(async () => {
  t = await createTestApp();
  colleague = (await users.createUser()).id;
  // Mine, the colleague's, unassigned ones, and the other centre's (its Coordinator's and unassigned).
  for (let i = 0; i < 7; i++)
    await createClient(t, 'coordinator', { first_name: `Mine${i}`, last_name: 'Caseload' });
  for (let i = 0; i < 4; i++)
    await createClient(t, 'coordinator', {
      first_name: `Theirs${i}`,
      last_name: 'Caseload',
      worker_id: colleague,
    });
  for (let i = 0; i < 3; i++)
    await createClient(t, 'coordinator', {
      first_name: `Nobody${i}`,
      last_name: 'Caseload',
      worker_id: null,
    });
  for (let i = 0; i < 5; i++)
    await createClient(t, 'coordinator2', { first_name: `Far${i}`, last_name: 'Caseload' });
  for (let i = 0; i < 2; i++)
    await createClient(t, 'coordinator2', {
      first_name: `FarNobody${i}`,
      last_name: 'Caseload',
      worker_id: null,
    });
});
afterAll(() => t.close());

/** The ids the filter should list for `as`, read from the table itself. */
async function expected(as: DemoUserKey, worker: number | null | undefined): Promise<number[]> {
  const centre = t.demo[as].centreId;
  const scope = as === 'admin' ? sql`true` : centre === null ? sql`false` : sql`centre_id = ${centre}`;
  const who =
    worker === undefined ? sql`true` : worker === null ? sql`worker_id IS NULL` : sql`worker_id = ${worker}`;
  const result = await t.db.execute(
    sql`SELECT client_id FROM clients WHERE ${scope} AND ${who} ORDER BY client_id`,
  );
  return (result as unknown as { rows: Array<{ client_id: number }> }).rows.map((r) => r.client_id);
}

/** Every id a list answers, walking its pages of `perPage`, and the total it says. */
async function listed(as: DemoUserKey, query: string, perPage = 3) {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; page < 50; page++) {
    const res = await t.call('GET', `/api/clients?${query}&per_page=${perPage}&page=${page}`, { as });
    expect(res.status, `${as} ${query}`).toBe(200);
    total = res.json.total;
    ids.push(...res.json.items.map((i: { client_id: number }) => i.client_id));
    if (res.json.items.length < perPage) break;
  }
  return { ids, total };
}

describe('GET /clients?worker=', () => {
  // Reporters read no client list at all (cases.read), filtered or not.
  const roles: DemoUserKey[] = ['admin', 'coordinator', 'coordinator2'];

  it('lists me, none and one worker, in scope, with the right total, for every role and sort', async () => {
    for (const as of roles) {
      const filters: Array<[string, number | null | undefined]> = [
        ['worker=me', t.demo[as].userId],
        ['worker=none', null],
        [`worker=${colleague}`, colleague],
        [`worker=${t.demo.coordinator2.userId}`, t.demo.coordinator2.userId],
        ['', undefined],
      ];
      for (const [query, worker] of filters) {
        const want = await expected(as, worker);
        for (const sort of CLIENT_SORTS) {
          for (const desc of ['true', 'false']) {
            const got = await listed(as, `${query}&sort_by=${sort}&sort_desc=${desc}`);
            expect(
              [...got.ids].sort((a, b) => a - b),
              `${as} ${query} ${sort} ${desc}`,
            ).toEqual(want);
            expect(got.total, `${as} ${query} ${sort}`).toBe(want.length);
          }
        }
      }
    }
    // The Coordinator's own are the 7 taken in, the colleague's 4, the centre's unassigned 3.
    expect((await listed('coordinator', 'worker=me')).total).toBe(7);
    expect((await listed('coordinator', `worker=${colleague}`)).total).toBe(4);
    expect((await listed('coordinator', 'worker=none')).total).toBe(3);
    expect((await listed('admin', 'worker=none')).total).toBe(5);
  });

  it('answers each item with its worker', async () => {
    const res = await t.call('GET', `/api/clients?worker=${colleague}&per_page=100`, { as: 'admin' });
    const name = (await users.read(colleague)).full_name;
    expect(res.json.items.length).toBe(4);
    for (const item of res.json.items)
      expect(item).toMatchObject({ worker_id: colleague, worker_name: name });
    const none = await t.call('GET', '/api/clients?worker=none&per_page=100', { as: 'admin' });
    for (const item of none.json.items) expect(item).toMatchObject({ worker_id: null, worker_name: null });
  });

  it('combines with a search, a centre and a report range', async () => {
    const searched = await listed('coordinator', 'worker=me&s=mine');
    expect(searched.total).toBe(7);
    expect((await listed('coordinator', 'worker=me&s=theirs')).total).toBe(0);
    expect((await listed('coordinator', 'worker=none&s=caseload')).total).toBe(3);
    const centre = await listed('admin', `worker=none&centre_id=${t.demo.coordinator2.centreId}`);
    expect(centre.total).toBe(2);
    const today = todayIso();
    for (const counted of ['new', 'served']) {
      for (const per of [2, 100]) {
        const range = await listed(
          'coordinator',
          `worker=me&start_date=${today}&end_date=${today}&counted=${counted}`,
          per,
        );
        expect(range.total, counted).toBe(7);
        expect(range.ids.length, counted).toBe(7);
        const theirs = await listed(
          'admin',
          `worker=${colleague}&start_date=${today}&end_date=${today}&counted=${counted}`,
          per,
        );
        expect(theirs.total).toBe(4);
        expect(theirs.ids.length).toBe(4);
      }
    }
  });

  it('refuses a bad worker value with 400, never a 500', async () => {
    expect((await t.call('GET', '/api/clients?worker=me', { as: 'reporter' })).status).toBe(403);
    for (const value of ['x', 'ME', '0', '-1', '1e3', '01', '1.0', 'me,none', '%00', 'all']) {
      const res = await t.call('GET', `/api/clients?worker=${value}`, { as: 'coordinator' });
      expect(res.status, value).toBe(400);
      expect(res.json.error.code, value).toBe('validation_failed');
      const file = await t.call('GET', `/api/clients/export?sort_by=full_name&worker=${value}`, {
        as: 'coordinator',
      });
      expect(file.status, value).toBe(400);
    }
    // Beyond PostgreSQL's integer range an id names no record (the one id schema): 404, as elsewhere.
    expect((await t.call('GET', '/api/clients?worker=99999999999', { as: 'coordinator' })).status).toBe(404);
    // Left empty, it is no filter.
    expect((await t.call('GET', '/api/clients?worker=', { as: 'coordinator' })).status).toBe(200);
  });
});

describe('GET /clients/export', () => {
  it("has the Worker column, and the worker filter's rows", async () => {
    const token = await t.tokenForId(t.demo.coordinator.userId);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/clients/export?sort_by=full_name&worker=me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('Worker') + 1;
    expect(column).toBeGreaterThan(0);
    expect(sheet.actualRowCount - 1).toBe(7);
    const me = (await t.call('GET', `/api/users/${t.demo.coordinator.userId}`, { as: 'coordinator' })).json
      .full_name;
    for (let r = 2; r <= sheet.actualRowCount; r++) expect(sheet.getRow(r).getCell(column).value).toBe(me);
  });
});
