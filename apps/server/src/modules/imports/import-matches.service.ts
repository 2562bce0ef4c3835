import type { AppContext } from '../../app-context.ts';
import type { Executor } from '../../db/database.ts';
import type { Scope } from '../access/access.policy.ts';
import {
  keysWrittenSince,
  matchingSince,
  recheckMatches,
  type WrittenKeys,
} from '../duplicates/duplicates-recheck.service.ts';
import { matchPeople } from '../duplicates/duplicates.service.ts';
import type { RowMatcher, WalkSettings } from './import-rows.service.ts';
import * as repo from './imports.repository.ts';

/**
 * How an import's rows are matched with the clients on file (issue 31): the preview matches every
 * row (the duplicate matcher, one statement per batch) and stores each row's match with the time
 * it began; the commit re-checks those (duplicates-recheck.service.ts: only the rows whose match
 * was written since, or that may match a client written since, are matched again); the problems
 * file needs none.
 */
type Deps = Pick<AppContext, 'db' | 'clientCrypto'>;

/** Every row matched afresh. */
export const freshMatches =
  (deps: Deps, scope: Scope): RowMatcher =>
  async (db, rows) =>
    (
      await matchPeople(
        { ...deps, db },
        scope,
        rows.map((r) => r.person),
        1,
      )
    ).map((best) => best[0]?.client_id);

/** No row matched (what only lists the rejected rows). */
export const noMatches: RowMatcher = async (_db, rows) => rows.map(() => undefined);

/**
 * A preview's matcher: every row matched afresh, and stored. `run` walks the rows with it; the
 * matches stand once it has walked them all (and while the import's settings stay as they were).
 */
export async function storingMatches(
  deps: Deps,
  scope: Scope,
  settings: WalkSettings,
  run: (match: RowMatcher) => Promise<void>,
): Promise<void> {
  await repo.clearMatched(deps.db, settings.importId);
  const since = await matchingSince(deps.db);
  const fresh = freshMatches(deps, scope);
  await run(async (db, rows) => {
    const best = await fresh(db, rows);
    await repo.storeMatches(
      db,
      settings.importId,
      settings,
      rows.map((r, i) => ({ rowNo: r.rowNo, match: best[i] ?? null })),
    );
    return best;
  });
  await repo.setMatched(deps.db, settings.importId, settings, since);
}

/**
 * A commit's matcher: the preview's matches as of `matchedAt`, re-checked against what was written
 * since (read once, before the commit writes anything); every row afresh without them.
 */
export async function previewMatches(
  deps: Deps,
  db: Executor,
  scope: Scope,
  matchedAt: Date | null,
): Promise<RowMatcher> {
  if (matchedAt === null) return freshMatches(deps, scope);
  const since: { at: Date; keys: WrittenKeys } = {
    at: matchedAt,
    keys: await keysWrittenSince(db, scope, matchedAt),
  };
  return (tx, rows) =>
    recheckMatches(
      { ...deps, db: tx },
      scope,
      rows.map((r) => r.person),
      rows.map((r) => r.stored),
      since,
    );
}
