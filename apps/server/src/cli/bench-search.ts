/**
 * The client search's results checked on the measured database (issue 33): for each search, the
 * pages the list answers (the best matches from the words' index) against the same pages of a
 * statement that ranks every match by a full sort (the rule written out, `rankedSql`), for every
 * centre and for the biggest. Run by `npm run bench` on either size, so that the same searches
 * are checked at 100,000 and at 1,000,000 clients.
 */
import { performance } from 'node:perf_hooks';
import { searchTextWords } from '@cairn/shared/client-rules';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.ts';
import type { Scope } from '../modules/access/access.policy.ts';
import { withinScope } from '../modules/access/access.repository.ts';
import { listClients, type ListOptions } from '../modules/clients/clients-list.repository.ts';
import { matchesWords, SEARCH_MATCH_CAP } from '../modules/clients/clients-search.repository.ts';
import { searchWords } from '../modules/clients/clients.service.ts';
import { ms, printAligned } from './bench-print.ts';

/** Searches of every kind: a common surname's start, two words, a word's middle (son), a phone's digits. */
const SEARCHES = ['tremb', 'sarah ga', 'gagn', 'son', 'lav', 'marie-', '555012'];
/** The pages compared: the first two, and the last the cap allows. */
const PER_PAGE = 25;
const OFFSETS = [0, PER_PAGE, SEARCH_MATCH_CAP - PER_PAGE];

export interface SearchCheck {
  search: string;
  scope: string;
  matches: number;
  capped: boolean;
  pagesEqual: boolean;
  /** Page 1 as the list answers it, and with every match ranked. */
  listMs: number;
  rankedMs: number;
}

/**
 * The rule as one statement, sharing nothing with the list's but the match (every searched word in
 * the search text): every match in `scope`, sorted whole; the best (a word beginning with every
 * searched word, split as stored) first, by their first word beginning with the longest searched
 * word, then by name and id; the others by name and id. With the number of matches.
 */
function rankedSql(scope: Scope, words: string[], offset: number, limit: number): SQL {
  const prefixes = searchTextWords(words.join(' '));
  const lead = prefixes.reduce((a, b) => (b.length > a.length ? b : a), prefixes[0] ?? '');
  const wordOf = (prefix: string) =>
    sql`(SELECT min(x.word COLLATE "C") FROM client_search_words x WHERE x.client_id = cs.client_id AND starts_with(x.word, ${prefix}))`;
  const isBest = prefixes.length
    ? sql.join(
        prefixes.map((p) => sql`${wordOf(p)} IS NOT NULL`),
        sql` AND `,
      )
    : sql`false`;
  return sql`SELECT cs.client_id, count(*) OVER ()::int AS matches FROM client_search cs
     WHERE ${withinScope(scope, sql`cs.centre_id`)} AND ${matchesWords(words, sql`cs`)}
     ORDER BY CASE WHEN ${isBest} THEN ${wordOf(lead)} END COLLATE "C" NULLS LAST, cs.name_key, cs.client_id
     OFFSET ${offset} LIMIT ${limit}`;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

export async function checkSearches(db: Db, centreId: number): Promise<SearchCheck[]> {
  const scopes: Array<[string, Scope]> = [
    ['every centre', { allCentres: true, centreId: null }],
    [`centre ${centreId}`, { allCentres: false, centreId }],
  ];
  const out: SearchCheck[] = [];
  for (const search of SEARCHES) {
    for (const [scopeName, scope] of scopes) {
      const words = searchWords(search);
      const page = (offset: number) =>
        listClients(db, scope, {
          sort: 'best_match',
          desc: false,
          words,
          limit: PER_PAGE,
          offset,
        } satisfies ListOptions);
      const rankedPage = (offset: number) =>
        selectRows<{ client_id: number; matches: number }>(
          db,
          rankedSql(scope, words, offset, Math.max(0, Math.min(PER_PAGE, SEARCH_MATCH_CAP - offset))),
        );
      let pagesEqual = true;
      let listMs = 0;
      let rankedMs = 0;
      let matches = 0;
      let capped = false;
      for (const offset of OFFSETS) {
        const listed = await timed(() => page(offset));
        const ranked = await timed(() => rankedPage(offset));
        if (offset === 0) {
          [listMs, rankedMs, matches, capped] = [
            listed.ms,
            ranked.ms,
            ranked.value[0]?.matches ?? 0,
            listed.value.total_capped,
          ];
        }
        const listedIds = listed.value.items.map((i) => i.client_id).join(',');
        if (listedIds !== ranked.value.map((r) => r.client_id).join(',')) pagesEqual = false;
        if (offset === 0 && listed.value.total !== Math.min(matches, SEARCH_MATCH_CAP)) pagesEqual = false;
      }
      out.push({ search, scope: scopeName, matches, capped, pagesEqual, listMs, rankedMs });
    }
  }
  return out;
}

export function printSearchChecks(checks: SearchCheck[]) {
  console.log(
    `\nSearch results (best matches first; pages at offsets ${OFFSETS.join(', ')} of ${PER_PAGE}, as listed and as a statement ranking every match sorts them):\n`,
  );
  printAligned(
    ['search', 'scope', 'matches', 'capped', 'pages equal', 'page 1 ms', 'all ranked ms'],
    checks.map((c) => [
      c.search,
      c.scope,
      c.matches.toLocaleString('en-CA'),
      c.capped ? 'yes' : 'no',
      c.pagesEqual ? 'yes' : 'NO',
      ms(c.listMs),
      ms(c.rankedMs),
    ]),
    2,
  );
}
