import {
  isLikelyDuplicate,
  matchFirstName,
  matchName,
  matchPhone,
  scoreMatch,
  type MatchScore,
} from '@cairn/shared/duplicate-rules';
import type { DuplicateList, DuplicatePair } from '@cairn/shared/duplicates.schemas';
import type { AppContext } from '../../app-context.ts';
import type { Executor } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { scopeOf, type Scope } from '../access/access.policy.ts';
import { requireRecords } from '../access/access.service.ts';
import { duplicatesScope } from '../access/duplicates.policy.ts';
import { auditNote } from '../audit/audit.policy.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import * as repo from './duplicates.repository.ts';

/**
 * The duplicate finder (issue 31): one matcher for the intake warning, the Possible duplicates
 * list and an import. The database finds the candidates (client_duplicate_candidates, migration
 * 0032) and measures them; the shared rule scores them (duplicate-rules.ts).
 */

/** A person to look for among the clients on file (API field names; SIN as digits). */
export interface MatchPerson {
  first_name?: string | null;
  last_name?: string | null;
  date_of_birth?: string | null;
  sin?: string | null;
  email?: string | null;
  phone?: string | null;
  postal_code?: string | null;
  /** A client to leave out (the one being edited). */
  exclude_client_id?: number | null;
}

/** A client on file that is likely the person: its id, score and reasons. */
export interface PersonMatch extends MatchScore {
  client_id: number;
}

type Deps = Pick<AppContext, 'db' | 'clientCrypto'>;

/** The measured row as the shared rule takes it. */
export function scoreOf(row: repo.FeatureRow): MatchScore {
  return scoreMatch({
    a: { given: row.a_given, first: row.a_first, family: row.a_family, dob: row.a_dob },
    b: { given: row.b_given, first: row.b_first, family: row.b_family, dob: row.b_dob },
    sameSin: row.same_sin,
    sameEmail: row.same_email,
    samePhone: row.same_phone,
    samePostalCode: row.same_postal_code,
    givenSimilarity: Number(row.given_similarity),
    familySimilarity: Number(row.family_similarity),
  });
}

/** A person in the matcher's forms: names as matchName leaves them, the SIN's hashes under every key. */
export function matchInputOf(deps: Pick<AppContext, 'clientCrypto'>, p: MatchPerson): repo.MatchInput {
  return {
    given: matchName(p.first_name),
    first: matchFirstName(p.first_name),
    family: matchName(p.last_name),
    dob: p.date_of_birth ?? null,
    sins: p.sin ? deps.clientCrypto.hashes(p.sin) : [],
    email: p.email?.trim() ?? '',
    phone: matchPhone(p.phone),
    postal: p.postal_code ?? '',
    exclude: p.exclude_client_id ?? null,
  };
}

/** Best first; ties by the lower id. */
const byScore = (x: PersonMatch, y: PersonMatch) => y.score - x.score || x.client_id - y.client_id;

/**
 * For each person of the batch (in order), the clients within `scope` likely to be them, best
 * first, at most `limit` each: one statement for the whole batch. `deps.db` may be a transaction
 * (an import's). The SIN is compared by its hash under every accepted key, never decrypted.
 */
export async function matchPeople(
  deps: Deps,
  scope: Scope,
  people: readonly MatchPerson[],
  limit = 10,
): Promise<PersonMatch[][]> {
  const inputs = people.map((p) => matchInputOf(deps, p));
  const answers: PersonMatch[][] = people.map(() => []);
  for (const row of await repo.personCandidates(deps.db, scope, inputs)) {
    const match = { client_id: row.client_id, ...scoreOf(row) };
    if (isLikelyDuplicate(match)) answers[row.person]!.push(match);
  }
  return answers.map((matches) => matches.sort(byScore).slice(0, limit));
}

export interface ScoredPair extends MatchScore {
  client_a: number;
  client_b: number;
}

const scoredPair = (row: repo.StoredPair): ScoredPair => ({
  client_a: row.client_a,
  client_b: row.client_b,
  score: Number(row.score),
  reasons: row.reasons,
});

/**
 * The likely pairs within `scope` nobody dismissed, best first (ties: the newest records first),
 * as kept scored in client_duplicate_pairs: a page, or every one with no `page`.
 */
export async function likelyPairs(
  db: Executor,
  scope: Scope,
  page: { limit: number; offset: number } | null = null,
): Promise<ScoredPair[]> {
  return (await repo.likelyPairRows(db, scope, page)).map(scoredPair);
}

/** GET /clients/duplicates: a page of the likely pairs within the caller's (or one centre's) reach. */
export async function listDuplicates(
  db: Executor,
  actor: Actor,
  query: { page: number; per_page: number; centre_id?: number | undefined },
): Promise<DuplicateList> {
  const scope = duplicatesScope(scopeOf(actor), query.centre_id);
  const page = await likelyPairs(db, scope, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const total = await repo.countLikelyPairs(db, scope);
  const ids = [...new Set(page.flatMap((p) => [p.client_a, p.client_b]))];
  const clients = new Map((await repo.clientSummaries(db, ids)).map((c) => [c.client_id, c]));
  auditNote(actor, { clientIds: ids });
  const items: DuplicatePair[] = page.map((p) => ({
    client: clients.get(p.client_a)!,
    other: clients.get(p.client_b)!,
    score: p.score,
    reasons: p.reasons,
  }));
  return { items, total };
}

/** POST /clients/duplicates/dismiss: the two are different people; the list stops showing them. */
export async function dismissDuplicate(
  db: Executor,
  actor: Actor,
  body: { client_id: number; other_id: number },
): Promise<{ ok: true }> {
  if (body.client_id === body.other_id) {
    throw new HttpError(400, 'duplicate_dismiss_self', { other_id: { code: 'duplicate_dismiss_self' } });
  }
  const [a, b] =
    body.client_id < body.other_id ? [body.client_id, body.other_id] : [body.other_id, body.client_id];
  return auditedTransaction(db, actor, async (tx) => {
    await requireRecords(tx, actor, 'client', [a, b]);
    await repo.dismissPair(tx, a, b, actor.userId);
    return { ok: true as const };
  });
}
