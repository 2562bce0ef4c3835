import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema/clients.ts';
import { auditRows, lastSeq } from '../helpers/audit.ts';
import { createClient, whole } from '../helpers/clients.ts';
import { csvOf, PERSON_HEADERS, uploadImport } from '../helpers/imports.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** What a commit does with duplicates: of an existing client (by name and birth date, or SIN) and of an earlier row. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEADERS = [...PERSON_HEADERS, 'phone'];
const row = (first: string, last: string, dob: string, sin: string, phone: string) => [
  first,
  last,
  dob,
  sin,
  'No',
  'Canadian citizen',
  'No',
  'Yes',
  phone,
];

/**
 * Dates of birth of each scenario's people, two or more digits from every other scenario's: the
 * duplicate matcher finds a date one digit off with a like name (New PersonA, New PersonB).
 */
const namedBorn = (digit: number) => `${1940 + digit * 11}-0${digit}-1${digit}`;
const newBorn = (digit: number) => `${1960 + digit * 7}-0${digit}-2${digit}`;

/** A file of: a client already there (by name and birth date), one by SIN, a new person, that person again. */
async function scenario(tag: string, digit: number) {
  const byName = await createClient(t, 'coordinator', {
    first_name: 'Ned',
    last_name: `Named${tag}`,
    date_of_birth: namedBorn(digit),
    phone: '111',
  });
  const bySin = await createClient(t, 'coordinator', {
    first_name: 'Sid',
    last_name: `Sinned${tag}`,
    sin: `45678912${digit}`,
  });
  const csv = csvOf([
    HEADERS,
    row('Ned', `Named${tag}`, namedBorn(digit), '', '222'),
    row('Other', `Sinned${tag}`, '', `456 789-12${digit}`, '333'),
    row('New', `Person${tag}`, newBorn(digit), '', '444'),
    row('New', `Person${tag}`, newBorn(digit), '', '555'),
  ]);
  const res = await uploadImport(t, 'coordinator', { filename: `dups-${tag}.csv`, content: csv });
  expect(res.status, res.body).toBe(201);
  expect(res.json).toMatchObject({ rows: 4, valid: 4, duplicates: 3 });
  return { id: res.json.import_id as number, byName, bySin };
}

const commit = (id: number, body: unknown) =>
  t.call('POST', `/api/imports/${id}/commit`, { as: 'coordinator', body });
const stored = (id: number) =>
  t.db
    .select()
    .from(clients)
    .where(eq(clients.clientId, id))
    .then((r) => r[0]!);
const named = (last: string) => t.db.select().from(clients).where(eq(clients.lastName, last));

describe('imports: duplicates at commit', () => {
  it('skip: only the new person is created, once', async () => {
    const s = await scenario('A', 1);
    const res = await commit(s.id, { duplicates: 'skip' });
    expect(res.json).toMatchObject({ created: 1, updated: 0, skipped: 3, rejected: 0 });
    expect((await stored(s.byName.client_id)).phone).toBe('111');
    expect(await named('PersonA')).toHaveLength(1);
  });

  it("update: the matched clients take the file's answers (blanks keep theirs), the repeat is left out", async () => {
    const s = await scenario('B', 2);
    const before = await lastSeq(t);
    const res = await commit(s.id, { duplicates: 'update' });
    expect(res.json).toMatchObject({ created: 1, updated: 2, skipped: 1, rejected: 0 });
    const ned = await stored(s.byName.client_id);
    expect(ned).toMatchObject({ phone: '222', dateOfBirth: namedBorn(2) });
    const sid = await stored(s.bySin.client_id);
    // Matched by SIN: the file's names are written, and the search text follows them.
    expect(sid).toMatchObject({ firstName: 'Other', phone: '333' });
    expect(sid.searchText).toContain('other');
    // The commit's entry names every client it wrote, so each one's history shows it.
    const entry = (await auditRows(t, before)).find((e) => e.details.import_id === s.id)!;
    expect(entry).toBeDefined();
    const written = res.json.clients.map((c: { client_id: number }) => c.client_id);
    expect(written).toEqual(expect.arrayContaining([s.byName.client_id, s.bySin.client_id]));
    const history = await t.call('GET', `/api/audit?client_id=${s.byName.client_id}`, { as: 'admin' });
    expect(history.status, history.body).toBe(200);
    expect(JSON.stringify(history.json)).toContain(`"import_id":${s.id}`);
  });

  it('previews a file of several batches, matched two at a time: a match and a repeat in later batches found once', async () => {
    await createClient(t, 'coordinator', {
      first_name: 'Bea',
      last_name: 'Batchwise',
      date_of_birth: '1946-06-16',
    });
    const people = Array.from({ length: 2500 }, (_, i) =>
      row(`Name${i}`, 'Manyrows', `19${50 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`, '', ''),
    );
    people[1499] = row('Bea', 'Batchwise', '1946-06-16', '', '');
    people[4] = row('Name4', 'Manyrows', '1954-05-14', '', '555');
    people[2099] = row('Name4', 'Manyrows', '1954-05-14', '', '999');
    const up = await uploadImport(t, 'coordinator', {
      filename: 'batches.csv',
      content: csvOf([HEADERS, ...people]),
    });
    expect(up.status, up.body).toBe(201);
    expect(up.json).toMatchObject({ rows: 2500, valid: 2500, invalid: 0, duplicates: 2 });
    // The repeat is the later row, in the file's order: the earlier one is created.
    const res = await commit(up.json.import_id, { duplicates: 'skip' });
    expect(res.json).toMatchObject({ created: 2498, skipped: 2 });
    const name4 = (await named('Manyrows')).filter((c) => c.firstName === 'Name4');
    expect(name4.map((c) => c.phone)).toEqual(['555']);
    // The 2,498 new clients' pairs are found after the answer: waited for here, so the next test's
    // wait is for its own client alone.
    await t.app.pendingPairs.settled();
    // 2,500 rows previewed and committed, then their pairs found: on two slow cores, over 30 s.
  }, 180_000);

  it("create: the new clients' duplicate pairs are found once the commit is answered, not by the commit", async () => {
    const known = await createClient(t, 'coordinator', {
      first_name: 'Dora',
      last_name: 'Deferred',
      date_of_birth: '1948-08-18',
    });
    const csv = csvOf([HEADERS, row('Dora', 'Deferred', '1948-08-18', '', '777')]);
    const up = await uploadImport(t, 'coordinator', { filename: 'deferred.csv', content: csv });
    expect(up.status, up.body).toBe(201);
    const res = await commit(up.json.import_id, { duplicates: 'create' });
    expect(res.json).toMatchObject({ created: 1, updated: 0, skipped: 0 });
    const made = res.json.clients[0].client_id as number;
    await t.app.pendingPairs.settled();
    const pairs = (await t.db.execute(
      sql`SELECT client_a, client_b, score::float8 AS score, reasons FROM client_duplicate_pairs
           WHERE client_b = ${made} OR client_a = ${made}`,
    )) as unknown as {
      rows: Array<{ client_a: number; client_b: number; score: number; reasons: string[] }>;
    };
    expect(pairs.rows).toEqual([
      expect.objectContaining({
        client_a: known.client_id,
        client_b: made,
        reasons: expect.arrayContaining(['same_name', 'dob_equal']),
      }),
    ]);
    expect(pairs.rows[0]!.score).toBeGreaterThanOrEqual(0.7);
    const left = (await t.db.execute(
      sql`SELECT count(*)::int AS n FROM client_duplicate_pending`,
    )) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(left.rows[0]!.n).toBe(0);
    const list = await t.call('GET', '/api/clients/duplicates', { as: 'coordinator' });
    expect(list.status, list.body).toBe(200);
    expect(JSON.stringify(list.json)).toContain(`${made}`);
  });

  it('finds the pairs of clients left pending (a process stopped before it found them) when kicked', async () => {
    const a = await createClient(t, 'coordinator', {
      first_name: 'Pia',
      last_name: 'Pendingly',
      date_of_birth: '1947-07-17',
    });
    const b = await createClient(t, 'coordinator', {
      first_name: 'Pia',
      last_name: 'Pendingly',
      date_of_birth: '1947-07-17',
    });
    const pairOf = async () =>
      (
        (await t.db.execute(
          sql`SELECT count(*)::int AS n FROM client_duplicate_pairs WHERE client_a = ${a.client_id} AND client_b = ${b.client_id}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;
    expect(await pairOf()).toBe(1);
    await t.db.execute(sql`DELETE FROM client_duplicate_pairs WHERE client_b = ${b.client_id}`);
    await t.db.execute(sql`INSERT INTO client_duplicate_pending (client_id) VALUES (${b.client_id})`);
    expect(await pairOf()).toBe(0);
    t.app.pendingPairs.kick();
    await t.app.pendingPairs.settled();
    expect(await pairOf()).toBe(1);
  });

  it('update: two rows of the file matching one client update it once, with the first row, and the later is skipped', async () => {
    const once = await createClient(t, 'coordinator', {
      first_name: 'Ona',
      last_name: 'Twicematched',
      date_of_birth: '1944-04-14',
      phone: '111',
    });
    const csv = csvOf([
      HEADERS,
      row('Ona', 'Twicematched', '1944-04-14', '', '222'),
      row('Ona', 'Twicematched', '1944-04-14', '', '333'),
    ]);
    const up = await uploadImport(t, 'coordinator', { filename: 'twice.csv', content: csv });
    expect(up.status, up.body).toBe(201);
    const res = await commit(up.json.import_id, { duplicates: 'update' });
    expect(res.json).toMatchObject({ created: 0, updated: 1, skipped: 1, rejected: 0 });
    expect((await stored(once.client_id)).phone).toBe('222');
  });

  it('create: every row is a new client', async () => {
    const s = await scenario('C', 3);
    const res = await commit(s.id, { duplicates: 'create' });
    expect(res.json).toMatchObject({ created: 4, updated: 0, skipped: 0 });
    const created = await named('PersonC');
    expect(created).toHaveLength(2);
    expect(await named('NamedC')).toHaveLength(2);
    // As at intake, the importing Coordinator is each new client's worker.
    expect(created.map((c) => c.workerId)).toEqual([t.demo.coordinator.userId, t.demo.coordinator.userId]);
  });

  it('a choice per row overrides the default', async () => {
    const s = await scenario('D', 4);
    const res = await commit(s.id, { duplicates: 'skip', rows: { '2': 'update', '5': 'create' } });
    expect(res.json).toMatchObject({ created: 2, updated: 1, skipped: 1 });
    expect((await stored(s.byName.client_id)).phone).toBe('222');
    expect((await stored(s.bySin.client_id)).phone).toBeNull();
    expect(await named('PersonD')).toHaveLength(2);
  });

  it('two commits of one import at once: one writes, the other answers 409', async () => {
    const s = await scenario('E', 5);
    const [a, b] = await Promise.all([
      commit(s.id, { duplicates: 'skip' }),
      commit(s.id, { duplicates: 'skip' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await named('PersonE')).toHaveLength(1);
    const ids = [s.byName.client_id, s.bySin.client_id];
    expect(await t.db.select().from(clients).where(inArray(clients.clientId, ids))).toHaveLength(2);
  });

  it("re-checks the preview's matches against the clients written since, and only those", async () => {
    const s = await scenario('F', 6);
    // After the preview: the new person is entered by hand, the client matched by name is renamed.
    const late = await createClient(t, 'coordinator', {
      first_name: 'New',
      last_name: 'PersonF',
      date_of_birth: newBorn(6),
    });
    const renamed = await t.call('PUT', `/api/clients/${s.byName.client_id}`, {
      as: 'coordinator',
      body: whole(s.byName, { first_name: 'Quentin', last_name: 'Elsewhere', date_of_birth: '1931-12-30' }),
    });
    expect(renamed.status, renamed.body).toBe(200);
    const res = await commit(s.id, { duplicates: 'update' });
    expect(res.status, res.body).toBe(200);
    // The renamed client no longer matches (its row is a new client); the SIN match holds; the new
    // person now matches the client entered since, its repeat is left out.
    expect(res.json).toMatchObject({ created: 1, updated: 2, skipped: 1 });
    expect(['444', '555']).toContain((await stored(late.client_id)).phone);
    expect((await stored(s.byName.client_id)).lastName).toBe('Elsewhere');
    expect((await named('NamedF')).map((c) => c.phone)).toEqual(['222']);
    expect((await stored(s.bySin.client_id)).phone).toBe('333');
  });
});
