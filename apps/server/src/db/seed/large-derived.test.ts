import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { deferPairs, findPendingPairs } from '../../modules/duplicates/duplicates-pending.service.ts';
import { createRng } from './fake-data.ts';
import { canLoadWithoutTriggers, finishLargeLoad, insertLargeBatch, withoutTriggers } from './large-batch.ts';
import { ensureLargeCentres, LARGE_CENTRES, type LargeCentre } from './large-centres.ts';
import { buildClientBatch } from './large-clients.ts';

/**
 * The large seed loaded with the triggers off and its derived tables built (large-derived.ts)
 * against the triggers themselves: the same records, removed and inserted again with the triggers
 * on (in the seed's order, into the derived tables as they were before the seed), must leave every
 * derived table as the build did. A count that fell to 0 is no count (the triggers leave such rows,
 * the dashboards skip them), and an answer set is compared by its key, not its id.
 */

const CLIENTS = 2000;
const BATCH = 1000;

/** Each derived table as compared: what the triggers keep, without zero counts. */
const COMPARED: Record<string, string> = {
  centre_client_counts: 'SELECT * FROM centre_client_counts WHERE clients <> 0',
  client_search: 'SELECT * FROM client_search',
  client_search_words: 'SELECT * FROM client_search_words',
  client_update_days: 'SELECT * FROM client_update_days WHERE clients <> 0',
  client_duplicate_pending: 'SELECT * FROM client_duplicate_pending',
  report_day_counts: 'SELECT * FROM report_day_counts WHERE n <> 0',
  report_answer_sets: 'SELECT key FROM report_answer_sets',
  report_client_spans: `SELECT s.client_id, s.seq, s.centre_id, s.is_plan, s.span_start, s.span_end, s.prev_end,
                               s.prev_plan_end, s.date_of_birth, a.key
                          FROM report_client_spans s JOIN report_answer_sets a ON a.answers_id = s.answers_id`,
  report_served_years: 'SELECT * FROM report_served_years WHERE n <> 0',
  report_interaction_days: 'SELECT * FROM report_interaction_days',
  report_interaction_months: 'SELECT * FROM report_interaction_months WHERE n <> 0',
  report_reached_years: 'SELECT * FROM report_reached_years WHERE n <> 0',
  report_story_days: 'SELECT * FROM report_story_days',
  report_story_months: 'SELECT * FROM report_story_months WHERE n <> 0',
  report_story_years: 'SELECT * FROM report_story_years WHERE n <> 0',
  plan_activity: 'SELECT * FROM plan_activity',
  report_plan_days: 'SELECT * FROM report_plan_days WHERE (opened, closed) <> (0, 0)',
  report_support_days: 'SELECT * FROM report_support_days WHERE (opened, closed) <> (0, 0)',
  report_barrier_days: 'SELECT * FROM report_barrier_days WHERE n <> 0',
  report_outcome_days: 'SELECT * FROM report_outcome_days WHERE n <> 0',
  report_training_days: 'SELECT * FROM report_training_days WHERE n <> 0',
  report_spending_days: 'SELECT * FROM report_spending_days WHERE (cents, lines) <> (0, 0)',
  report_follow_up_days: `SELECT * FROM report_follow_up_days
                           WHERE (n, reached, employed, full_time, part_time) <> (0, 0, 0, 0, 0)`,
};
/** Columns of record tables that triggers write. */
const WRITTEN_COLUMNS: Record<string, string> = {
  clients_recent_plan_status: 'SELECT client_id, recent_plan_status FROM clients',
  follow_ups_filled: 'SELECT follow_up_id, outcome_date, centre_id, worker_id FROM follow_ups',
};

/** The seed's records, in the order it inserts them, each with the rows of the seeded clients. */
const RECORDS: ReadonlyArray<[table: string, seeded: string]> = [
  ['clients', 'client_id BETWEEN $first AND $last'],
  ['plans', 'client_id BETWEEN $first AND $last'],
  ['outcomes', 'plan_id IN (SELECT plan_id FROM plans WHERE client_id BETWEEN $first AND $last)'],
  ['stories', 'client_id BETWEEN $first AND $last'],
  ['follow_ups', 'plan_id IN (SELECT plan_id FROM plans WHERE client_id BETWEEN $first AND $last)'],
  ...['plan_barriers', 'plan_supports', 'plan_trainings', 'spendings', 'notes'].map(
    (table) =>
      [table, 'plan_id IN (SELECT plan_id FROM plans WHERE client_id BETWEEN $first AND $last)'] as [
        string,
        string,
      ],
  ),
  ['client_interactions', 'client_id BETWEEN $first AND $last'],
];

/**
 * Tables the database's own functions write that the comparison leaves out, and why: every other
 * table a function writes is a derived table the seed must build (large-derived.ts) and compare.
 */
const NOT_COMPARED: Record<string, string> = {
  client_duplicate_pairs: 'found by the pair finder, which the seed runs itself',
  clients: 'a record: its trigger-written column is in WRITTEN_COLUMNS',
  follow_ups: 'a record: its trigger-written columns are in WRITTEN_COLUMNS',
  plans: 'a record closed by its outcome: the seed writes closed plans as Closed',
  report_served_horizon: 'the last fiscal year counted, moved by the daily job, not by the records',
};

let t: TestApp;
let seeded: { first: number; last: number };
const run = (text: string) => t.db.execute(sql.raw(text));
async function rows<T>(text: string): Promise<T[]> {
  return ((await run(text)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  expect(await canLoadWithoutTriggers(t.db)).toBe(true);
  await run('CREATE SCHEMA seed_check');
  // The derived tables as the demo data left them, before the seed.
  for (const table of Object.keys(COMPARED)) {
    await run(`CREATE TABLE seed_check.base_${table} AS SELECT * FROM ${table}`);
  }
  const rng = createRng(5);
  const centres = await ensureLargeCentres(t.db, rng);
  const ranges = [];
  for (let done = 0; done < CLIENTS; done += BATCH) {
    const batch = buildClientBatch(rng, centres, t.clientCrypto, new Date(), BATCH);
    ranges.push(
      await t.db.transaction(async (tx) => {
        await deferPairs(tx);
        return insertLargeBatch(tx, batch, { triggersOff: true });
      }),
    );
  }
  seeded = { first: ranges[0]!.first, last: ranges.at(-1)!.last };
  // On PostgreSQL the sums run on two connections, as the seed runs them there.
  const together = inject('pgTemplate') !== null;
  await finishLargeLoad(t.db, seeded.first, seeded.last, { triggersOff: true, together });
  const built = { ...COMPARED, ...WRITTEN_COLUMNS };
  for (const [name, query] of Object.entries(built))
    await run(`CREATE TABLE seed_check.fast_${name} AS ${query}`);

  // The same records again, through the triggers.
  const where = (text: string) =>
    text.replaceAll('$first', String(seeded.first)).replaceAll('$last', String(seeded.last));
  await t.db.transaction(async (tx) => {
    const exec = (text: string) => tx.execute(sql.raw(text));
    await exec('SET LOCAL session_replication_role = replica');
    for (const [table, rows] of RECORDS) {
      await exec(`CREATE TABLE seed_check.keep_${table} AS SELECT * FROM ${table} WHERE ${where(rows)}`);
    }
    // Children first: their rows are found through the plans.
    for (const [table, rows] of [...RECORDS].reverse())
      await exec(`DELETE FROM ${table} WHERE ${where(rows)}`);
    for (const table of Object.keys(COMPARED)) {
      await exec(`DELETE FROM ${table}`);
      await exec(`INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM seed_check.base_${table}`);
    }
    // As the seed inserts clients without their plans' status: the plans' trigger writes it.
    await exec('UPDATE seed_check.keep_clients SET recent_plan_status = NULL');
    await exec('SET LOCAL session_replication_role = origin');
    await deferPairs(tx);
    for (const [table] of RECORDS) {
      await exec(`INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM seed_check.keep_${table}`);
    }
  });
}, 180_000);
afterAll(() => t.close());

describe('the large seed without triggers', () => {
  it('seeds the clients and their records', async () => {
    const [n] = await rows<{ clients: number; plans: number; interactions: number }>(`
      SELECT (SELECT count(*)::int FROM seed_check.keep_clients) AS clients,
             (SELECT count(*)::int FROM seed_check.keep_plans) AS plans,
             (SELECT count(*)::int FROM seed_check.keep_client_interactions) AS interactions`);
    expect(n!.clients).toBe(CLIENTS);
    expect(n!.plans).toBeGreaterThan(CLIENTS);
    expect(n!.interactions).toBeGreaterThan(5 * CLIENTS);
  });

  it.each(Object.entries({ ...COMPARED, ...WRITTEN_COLUMNS }))(
    'builds %s as the triggers do',
    async (name, query) => {
      const missing = await rows(`(${query}) EXCEPT SELECT * FROM seed_check.fast_${name} LIMIT 5`);
      const extra = await rows(`SELECT * FROM seed_check.fast_${name} EXCEPT (${query}) LIMIT 5`);
      const [count] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM (${query}) q`);
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      expect(count!.n, 'the comparison holds rows').toBeGreaterThan(0);
    },
  );
});

describe('the derived tables compared', () => {
  it('are every table the database’s functions write', async () => {
    // A trigger added by a migration that keeps a new table needs its build in large-derived.ts.
    const written = await rows<{ name: string }>(`
      SELECT DISTINCT lower(m[1]) AS name
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace,
             regexp_matches(p.prosrc, '(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+(?:ONLY\\s+)?"?([a-z_]+)', 'gi') m
       WHERE n.nspname = 'public' AND to_regclass(lower(m[1])) IS NOT NULL`);
    const covered = new Set([...Object.keys(COMPARED), ...Object.keys(NOT_COMPARED)]);
    expect(written.map((w) => w.name).filter((name) => !covered.has(name))).toEqual([]);
    expect(written.length).toBeGreaterThan(20);
  });
});

describe('the large seed’s names', () => {
  it('are the same for the same seed, and varied', () => {
    const centre: LargeCentre = {
      centreId: 1,
      locale: LARGE_CENTRES[0]!.locale,
      share: 100,
      createdBy: null,
      workers: [],
    };
    const people = (seed: number) =>
      buildClientBatch(createRng(seed), [centre], t.clientCrypto, new Date(2026, 0, 1), 2000).map(
        (c) => `${c.firstName} ${c.lastName} ${c.dateOfBirth}`,
      );
    const once = people(9);
    expect(people(9)).toEqual(once);
    const families = new Set(once.map((p) => p.split(' ')[1]));
    expect(families.size).toBeGreaterThan(500);
    expect(once.some((p) => /['’]/.test(p))).toBe(true);
    expect(once.some((p) => /[éèçëï]/.test(p))).toBe(true);
  });
});

describe('the large seed’s pair finders, without triggers', () => {
  // Last in the file: they take the seeded clients off client_duplicate_pending, compared above.
  it('keep the pairs the finder keeps with them: only the foreign keys’ checks are skipped', async () => {
    // A trigger of the tables they write would be skipped too (seed-large.ts, findSomePairs).
    const triggers = await rows(`
      SELECT tgname FROM pg_trigger
       WHERE tgrelid IN ('client_duplicate_pairs'::regclass, 'client_duplicate_pending'::regclass)
         AND NOT tgisinternal`);
    expect(triggers).toEqual([]);
    const pending = await rows<{ n: number }>('SELECT count(*)::int AS n FROM client_duplicate_pending');
    expect(pending[0]!.n).toBe(CLIENTS);
    // As the seed finds them: a batch at a time, the triggers off.
    const findSome = () =>
      t.db.transaction(async (tx) => {
        await withoutTriggers(tx);
        return findPendingPairs(tx, BATCH);
      });
    while ((await findSome()) > 0);
    await run('CREATE TABLE seed_check.pairs_seeded AS SELECT * FROM client_duplicate_pairs');
    // As the app finds them: every client's pairs at once, the triggers on.
    await run('DELETE FROM client_duplicate_pairs');
    await run('SELECT client_duplicate_pairs_find(array_agg(client_id)) FROM clients');
    const compared = 'SELECT client_a, client_b, score, reasons, centre_id FROM';
    const missing = await rows(
      `${compared} client_duplicate_pairs EXCEPT ${compared} seed_check.pairs_seeded LIMIT 5`,
    );
    const extra = await rows(
      `${compared} seed_check.pairs_seeded EXCEPT ${compared} client_duplicate_pairs LIMIT 5`,
    );
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    const [n] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM seed_check.pairs_seeded WHERE client_b >= ${seeded.first}`,
    );
    expect(n!.n, 'the seeded clients have pairs').toBeGreaterThan(10);
  });
});
