import { DUPLICATE_THRESHOLD, type DuplicateReason } from '@cairn/shared/duplicate-rules';
import type { DuplicateClient } from '@cairn/shared/duplicates.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import type { Scope } from '../access/access.policy.ts';
import { withinScope } from '../access/access.repository.ts';

/**
 * The duplicate finder's SQL (issue 31). Candidates come from the database's one blocking rule,
 * `client_duplicate_candidates` (migration 0032): kept as pairs in client_duplicate_pairs for the
 * list, scored as they are kept (client_duplicate_score, migration 0035), and asked per person for
 * a batch, measured (`FeatureRow`) for the shared rule to score (duplicate-rules.ts scoreMatch).
 */

/** One side of a compared pair, as SQL expressions. */
interface Side {
  given: SQL;
  first: SQL;
  family: SQL;
  dob: SQL;
  email: SQL;
  phone: SQL;
  postal: SQL;
}

/** What the database measured of a pair; the side `a` is the client on file or the lower id. */
export interface FeatureRow {
  a_given: string;
  a_first: string;
  a_family: string;
  a_dob: string | null;
  b_given: string;
  b_first: string;
  b_family: string;
  b_dob: string | null;
  same_sin: boolean;
  same_email: boolean;
  same_phone: boolean;
  same_postal_code: boolean;
  given_similarity: number;
  family_similarity: number;
}

const clientSide = (alias: string): Side => {
  const c = sql.raw(alias);
  return {
    given: sql`${c}.match_given`,
    first: sql`${c}.match_first`,
    family: sql`${c}.match_family`,
    dob: sql`${c}.date_of_birth`,
    email: sql`${c}.email`,
    phone: sql`${c}.match_phone`,
    postal: sql`${c}.postal_code`,
  };
};

const postalForm = (postal: SQL) => sql`upper(replace(coalesce(${postal}, ''), ' ', ''))`;

/** The measured columns of the pair (a, b), named as FeatureRow. */
function features(a: Side, b: Side, sameSin: SQL): SQL {
  return sql`${a.given} AS a_given, ${a.first} AS a_first, ${a.family} AS a_family,
             ${a.dob}::text AS a_dob,
             ${b.given} AS b_given, ${b.first} AS b_first, ${b.family} AS b_family,
             ${b.dob}::text AS b_dob,
             coalesce(${sameSin}, false) AS same_sin,
             coalesce(lower(${a.email}) = lower(${b.email}), false) AS same_email,
             (length(${a.phone}) >= 7 AND ${a.phone} = ${b.phone}) AS same_phone,
             (${postalForm(a.postal)} <> '' AND ${postalForm(a.postal)} = ${postalForm(b.postal)}) AS same_postal_code,
             similarity(${a.given}, ${b.given})::float8 AS given_similarity,
             similarity(${a.family}, ${b.family})::float8 AS family_similarity`;
}

/** A person to compare with the clients on file, in the matcher's forms (service: personOf). */
export interface MatchInput {
  given: string;
  first: string;
  family: string;
  dob: string | null;
  /** The SIN's hash under every accepted client data key. */
  sins: string[];
  email: string;
  phone: string;
  postal: string;
  exclude: number | null;
}

export type PersonFeatureRow = FeatureRow & { person: number; client_id: number };

/**
 * Every client within the scope that shares a block with one of `people` (one statement for the
 * batch, whatever its size), measured against that person: `person` is the index in `people`.
 */
export function personCandidates(
  db: Executor,
  scope: Scope,
  people: readonly MatchInput[],
): Promise<PersonFeatureRow[]> {
  if (people.length === 0) return Promise.resolve([]);
  const rows = JSON.stringify(people.map((p, person) => ({ person, ...p })));
  const p: Side = {
    given: sql`p.given`,
    first: sql`p.first`,
    family: sql`p.family`,
    dob: sql`p.dob`,
    email: sql`p.email`,
    phone: sql`p.phone`,
    postal: sql`p.postal`,
  };
  return selectRows<PersonFeatureRow>(
    db,
    sql`SELECT p.person, c.client_id, ${features(clientSide('c'), p, sql`c.sin_hash = ANY (p.sins)`)}
          FROM jsonb_to_recordset(${rows}::jsonb) AS p(person int, given text, first text, family text,
                 dob date, sins text[], email text, phone text, postal text, exclude int)
         CROSS JOIN LATERAL client_duplicate_candidates(p.first, p.family, p.dob, p.sins, p.email, p.phone) m
          JOIN clients c ON c.client_id = m.client_id
         WHERE ${withinScope(scope, sql`c.centre_id`)} AND c.client_id IS DISTINCT FROM p.exclude`,
  );
}

export type PairFeatureRow = FeatureRow & { client_a: number; client_b: number };

/**
 * Every candidate pair kept in client_duplicate_pairs, measured as the list's statement measured
 * them before the scores were kept: what duplicates-scores.test.ts scores with the shared rule to
 * compare with the stored scores.
 */
export function measuredPairs(db: Executor): Promise<Array<PairFeatureRow & StoredScore>> {
  return selectRows(
    db,
    sql`SELECT d.client_a, d.client_b, d.score, d.reasons,
               ${features(clientSide('a'), clientSide('b'), sql`a.sin_hash = b.sin_hash`)}
          FROM client_duplicate_pairs d
          JOIN clients a ON a.client_id = d.client_a
          JOIN clients b ON b.client_id = d.client_b`,
  );
}

/** A kept pair's score (numeric: a string) and reasons, as client_duplicate_score stored them. */
export interface StoredScore {
  score: string;
  reasons: DuplicateReason[];
}

export type StoredPair = StoredScore & { client_a: number; client_b: number };

/**
 * The likely pairs kept in client_duplicate_pairs whose two clients lie within the scope (every
 * centre, or the one both share) and that nobody dismissed. The threshold is written as the
 * partial indexes' literal, so the statement walks one of them in the list's order.
 */
function likelyWhere(scope: Scope): SQL {
  return sql`d.score >= ${sql.raw(String(DUPLICATE_THRESHOLD))} AND ${withinScope(scope, sql`d.centre_id`)}
             AND NOT EXISTS (SELECT 1 FROM client_duplicate_dismissals x
                              WHERE x.client_a = d.client_a AND x.client_b = d.client_b)`;
}

/** A page of the likely pairs, best first (ties: the newest records first); all with no `limit`. */
export function likelyPairRows(
  db: Executor,
  scope: Scope,
  page: { limit: number; offset: number } | null,
): Promise<StoredPair[]> {
  return selectRows<StoredPair>(
    db,
    sql`SELECT d.client_a, d.client_b, d.score, d.reasons FROM client_duplicate_pairs d
         WHERE ${likelyWhere(scope)}
         ORDER BY d.score DESC NULLS LAST, d.client_b DESC NULLS LAST, d.client_a DESC NULLS LAST
         ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
}

/** How many likely pairs the scope holds (the list's total). */
export async function countLikelyPairs(db: Executor, scope: Scope): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM client_duplicate_pairs d WHERE ${likelyWhere(scope)}`,
  );
  return row!.n;
}

/** The clients of a page of pairs, as the list shows them. */
export function clientSummaries(db: Executor, ids: readonly number[]): Promise<DuplicateClient[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRows<DuplicateClient>(
    db,
    sql`SELECT c.client_id, c.first_name, c.last_name, c.first_name || ' ' || c.last_name AS full_name,
               c.date_of_birth::text AS date_of_birth, c.centre_id, ce.name AS centre_name
          FROM clients c JOIN centres ce ON ce.centre_id = c.centre_id
         WHERE c.client_id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}

/** Records that the two (lower id first) are different people; once is enough. */
export async function dismissPair(
  db: Executor,
  clientA: number,
  clientB: number,
  userId: number,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO client_duplicate_dismissals (client_a, client_b, dismissed_by)
        VALUES (${clientA}, ${clientB}, ${userId}) ON CONFLICT DO NOTHING`,
  );
}
