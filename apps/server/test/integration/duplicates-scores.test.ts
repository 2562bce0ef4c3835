import { dobRelation, editDistance } from '@cairn/shared/duplicate-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRowValues } from '../../src/db/client-row.ts';
import { selectRows } from '../../src/db/database.ts';
import { createRng } from '../../src/db/seed/fake-data.ts';
import { insertClientBatch } from '../../src/db/seed/large-clients.ts';
import { measuredPairs } from '../../src/modules/duplicates/duplicates.repository.ts';
import { scoreOf } from '../../src/modules/duplicates/duplicates.service.ts';
import { generatePeople } from '../helpers/duplicate-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The scores client_duplicate_pairs keeps (client_duplicate_score, migrations 0035 and 0053, run by the
 * triggers) are the shared rule's (duplicate-rules.ts scoreMatch, the definition): every kept pair
 * of generated people from a random seed, measured as the matcher measures a pair and scored in
 * TypeScript, has the stored score and reasons, after an insert and after updates.
 */
const SEED = Number(process.env.DUPLICATE_SCORES_SEED ?? Date.now() % 1_000_000);
const PEOPLE = 3_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function expectStoredScoresEqualTheRule(): Promise<number> {
  const pairs = await measuredPairs(t.db);
  const differing = pairs
    .map((row) => ({ row, rule: scoreOf(row) }))
    .filter(({ row, rule }) => Number(row.score) !== rule.score || row.reasons.join() !== rule.reasons.join())
    .slice(0, 5);
  expect(differing, `seed ${SEED}`).toEqual([]);
  return pairs.length;
}

// The rule of a date's variants written out on its text: each of its eight digits replaced by
// another digit, kept when the result is a date (read back the same); the day and month swapped,
// when another date.
const isDate = (text: string) => {
  const parsed = new Date(`${text}T00:00:00Z`);
  return (
    Number(text.slice(0, 4)) >= 1000 &&
    !Number.isNaN(parsed.getTime()) &&
    parsed.toISOString().startsWith(text)
  );
};
const variants = (text: string): string[] => {
  const found = new Set<string>();
  for (const at of [0, 1, 2, 3, 5, 6, 8, 9])
    for (const digit of '0123456789') {
      const typed = text.slice(0, at) + digit + text.slice(at + 1);
      if (typed !== text && isDate(typed)) found.add(typed);
    }
  const swapped = `${text.slice(0, 4)}-${text.slice(8, 10)}-${text.slice(5, 7)}`;
  if (swapped !== text && isDate(swapped)) found.add(swapped);
  return [...found].sort();
};
const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

describe(`duplicates: the kept scores are the shared rule's (seed ${SEED})`, () => {
  it('scores every pair of generated people as scoreMatch does, inserted and then changed', async () => {
    const rng = createRng(SEED);
    const people = generatePeople(SEED, PEOPLE);
    const centres = [t.demo.coordinator.centreId!, t.demo.coordinator2.centreId!];
    const now = new Date();
    await insertClientBatch(
      t.db,
      people.map((p) => ({
        ...clientRowValues(p, t.clientCrypto),
        centreId: centres[rng.int(0, 1)]!,
        consent: true,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const inserted = await expectStoredScoresEqualTheRule();
    expect(inserted).toBeGreaterThan(PEOPLE / 10);

    // Changes the triggers follow: a name's letters, a postal code, a centre, in one statement.
    await t.db.execute(sql`
      UPDATE clients SET
        first_name = CASE WHEN client_id % 5 = 0 THEN first_name || 'e' ELSE first_name END,
        match_given = CASE WHEN client_id % 5 = 0 THEN match_given || 'e' ELSE match_given END,
        postal_code = CASE WHEN client_id % 3 = 0 THEN NULL ELSE 'H2X1Y4' END,
        centre_id = CASE WHEN client_id % 7 = 0 THEN ${centres[0]}::int ELSE centre_id END
       WHERE client_id % ${rng.int(2, 4)} = 0`);
    await expectStoredScoresEqualTheRule();

    const centreMismatch = await selectRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM client_duplicate_pairs d
            JOIN clients a ON a.client_id = d.client_a JOIN clients b ON b.client_id = d.client_b
           WHERE d.centre_id IS DISTINCT FROM (CASE WHEN a.centre_id = b.centre_id THEN a.centre_id END)`,
    );
    expect(centreMismatch[0]!.n).toBe(0);
  }, 300_000);

  it('finds as candidates of a client every client its blocks name (the people loaded above)', async () => {
    // The rule of migration 0032's client_duplicate_candidates written out as one condition on a
    // pair, each client of a sample against every client: the function's arms, read from indexes
    // (0047 split one of them), must find exactly these.
    const rows = await selectRows<{ sampled: number; found: number; missing: number; extra: number }>(
      t.db,
      sql`WITH n AS (SELECT * FROM clients ORDER BY client_id LIMIT 400),
          rule AS (
            SELECT n.client_id AS n_id, m.client_id AS m_id
              FROM n JOIN clients m ON coalesce(
                   m.sin_hash = n.sin_hash
                OR (lower(m.email) = lower(nullif(n.email, ''))
                    AND (m.date_of_birth IS NULL OR n.date_of_birth IS NULL
                         OR client_dob_near(m.date_of_birth, n.date_of_birth)))
                OR (m.match_phone = (CASE WHEN length(n.match_phone) >= 7 THEN n.match_phone END)
                    AND (client_dob_near(m.date_of_birth, n.date_of_birth)
                         OR ((m.date_of_birth IS NULL OR n.date_of_birth IS NULL)
                             AND left(m.match_family, 1) = left(n.match_family, 1))))
                OR (m.date_of_birth IN (n.date_of_birth, client_dob_swapped(n.date_of_birth))
                    AND (left(m.match_family, 1) = left(n.match_family, 1)
                         OR left(m.match_first, 1) = left(n.match_first, 1)))
                OR (m.match_family = nullif(n.match_family, '')
                    AND m.date_of_birth = ANY (client_dob_variants(n.date_of_birth)))
                OR (m.match_first = nullif(n.match_first, '')
                    AND m.date_of_birth = ANY (client_dob_variants(n.date_of_birth)))
                OR (m.match_family = nullif(n.match_family, '') AND m.date_of_birth IS NULL
                    AND m.match_first = n.match_first)
                OR (n.date_of_birth IS NULL AND m.match_family = nullif(n.match_family, '')
                    AND m.match_first = n.match_first), false)),
          found AS (
            SELECT n.client_id AS n_id, c.client_id AS m_id
              FROM n CROSS JOIN LATERAL client_duplicate_candidates(n.match_first, n.match_family,
                     n.date_of_birth, ARRAY[n.sin_hash], n.email, n.match_phone) c)
          SELECT (SELECT count(*)::int FROM n) AS sampled, (SELECT count(*)::int FROM found) AS found,
                 (SELECT count(*)::int FROM (SELECT * FROM rule EXCEPT SELECT * FROM found) x) AS missing,
                 (SELECT count(*)::int FROM (SELECT * FROM found EXCEPT SELECT * FROM rule) x) AS extra`,
    );
    const [r] = rows;
    expect(r!.sampled).toBe(400);
    // Each client is its own candidate; the sample has others.
    expect(r!.found).toBeGreaterThan(400 + 40);
    expect({ missing: r!.missing, extra: r!.extra }, `seed ${SEED}`).toEqual({ missing: 0, extra: 0 });
  }, 120_000);

  it('reads the block of a name without a date of birth by both names, not every undated client of the family', async () => {
    // Migration 0051: the family name, the date and the first name in one index, so that the block
    // (client_duplicate_candidates' `match_family = … AND date_of_birth IS NULL AND match_first = …`)
    // is a look-up of its clients. Without it, each undated client of the family was read and its
    // first name tested (a Filter): about 100 rows a client for a common name at 1,000,000.
    const [undated] = await selectRows<{ first: string; family: string }>(
      t.db,
      sql`SELECT match_first AS first, match_family AS family FROM clients
           WHERE date_of_birth IS NULL AND match_family <> '' ORDER BY client_id LIMIT 1`,
    );
    expect(undated, `seed ${SEED}`).toBeDefined();
    const plan = await t.db.transaction(async (tx) => {
      // The few test clients would be read whole otherwise: the question is which index serves.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const [row] = await selectRows<{ 'QUERY PLAN': unknown }>(
        tx,
        sql`EXPLAIN (FORMAT JSON) SELECT c.client_id FROM clients c
             WHERE c.match_family = nullif(${undated!.family}::text, '') AND c.date_of_birth IS NULL
               AND c.match_first = ${undated!.first}::text`,
      );
      return JSON.stringify(row!['QUERY PLAN']);
    });
    const scan = (JSON.parse(plan) as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan;
    expect(scan['Index Name'], plan).toBe('clients_match_family_dob_first_idx');
    expect(String(scan['Index Cond']), plan).toMatch(/match_family.*date_of_birth IS NULL.*match_first/);
    expect(scan['Filter'], plan).toBeUndefined();
  });

  it('gives as the dates a date of birth may have been typed as every date one digit off, and the day and month swapped', async () => {
    const rng = createRng(SEED + 2);
    const dates = [
      ...Array.from({ length: 3_000 }, () => day(rng.int(1900, 2030), 1, rng.int(1, 366))),
      ...[
        '2000-02-29',
        '1900-02-28',
        '1996-02-29',
        '2001-12-31',
        '1999-11-30',
        '1000-01-01',
        '1010-10-10',
        '2012-12-12',
      ],
    ];
    const rows = await selectRows<{ d: string; v: string[] | null }>(
      t.db,
      sql`SELECT d.d, (SELECT array_agg(to_char(x, 'YYYY-MM-DD') ORDER BY x) FROM unnest(client_dob_variants(d.d::date)) x) AS v
            FROM jsonb_array_elements_text(${JSON.stringify(dates)}::jsonb) AS d(d)`,
    );
    const differing = rows.filter((r) => (r.v ?? []).join() !== variants(r.d).join());
    expect(differing.slice(0, 3), `seed ${SEED}`).toEqual([]);
    expect(rows).toHaveLength(dates.length);
    const [none] = await selectRows<{ n: number | null }>(
      t.db,
      sql`SELECT cardinality(client_dob_variants(NULL)) AS n`,
    );
    expect(none!.n).toBe(0);
  });

  it('relates two dates of birth as dobRelation does: equal, swapped, a digit apart or not near', async () => {
    // Migration 0052 computes it with integers; every kind of pair, and dates far apart.
    const rng = createRng(SEED + 3);
    const pairs: Array<[string | null, string | null]> = [
      [null, '2000-01-01'],
      ['2000-01-01', null],
      [null, null],
    ];
    for (let i = 0; i < 3_000; i += 1) {
      const a = day(rng.int(1000, 2099), 1, rng.int(1, 366));
      const near = variants(a);
      pairs.push(
        [a, a],
        [a, near[rng.int(0, near.length - 1)]!],
        [a, day(rng.int(1000, 2099), 1, rng.int(1, 366))],
      );
      // Two digits off: a digit apart from a date a digit apart, not from a.
      const further = variants(near[rng.int(0, near.length - 1)]!);
      pairs.push([a, further[rng.int(0, further.length - 1)]!]);
    }
    const rows = await selectRows<{ i: number; r: string | null }>(
      t.db,
      sql`SELECT p.i::int AS i, client_dob_relation(p.a, p.b) AS r
            FROM jsonb_to_recordset(${JSON.stringify(pairs.map(([a, b], i) => ({ i, a, b })))}::jsonb)
                 AS p(i int, a date, b date)`,
    );
    expect(rows).toHaveLength(pairs.length);
    const differing = rows.filter((r) => r.r !== dobRelation(...pairs[r.i]!));
    expect(differing.slice(0, 3), `seed ${SEED}`).toEqual([]);
    // Every relation is among them.
    expect(new Set(rows.map((r) => r.r))).toEqual(new Set(['equal', 'swapped', 'one_digit', null]));
  });

  it('measures edit distance as editDistance does, on random short names', async () => {
    const rng = createRng(SEED + 1);
    const word = () => Array.from({ length: rng.int(0, 12) }, () => 'abcde'[rng.int(0, 4)]).join('');
    const pairs = Array.from({ length: 5_000 }, () => [word(), word(), rng.int(1, 3)] as const);
    const rows = await selectRows<{ i: number; d: number }>(
      t.db,
      sql`SELECT p.i::int AS i, client_name_distance(p.a, p.b, p.m) AS d
            FROM jsonb_to_recordset(${JSON.stringify(pairs.map(([a, b, m], i) => ({ i, a, b, m })))}::jsonb)
                 AS p(i int, a text, b text, m int)`,
    );
    const differing = rows.filter((r) => {
      const [a, b, m] = pairs[r.i]!;
      return r.d !== editDistance(a, b, m);
    });
    expect(differing.slice(0, 5), `seed ${SEED}`).toEqual([]);
    expect(rows).toHaveLength(pairs.length);
  });
});
