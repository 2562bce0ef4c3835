/**
 * The client search's results checked on the measured database (issue 33): for each search, the
 * pages the list answers (the best matches from the words' index once the matches pass the cap)
 * against the same pages with every match ranked (the cap lifted, as the export reads them), for
 * every centre and for the biggest. Run by `npm run bench` on either size, so that the same
 * searches are checked at 100,000 and at 1,000,000 clients.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../db/database.ts';
import type { Scope } from '../modules/access/access.policy.ts';
import { listClients, type ListOptions } from '../modules/clients/clients-list.repository.ts';
import { SEARCH_MATCH_CAP } from '../modules/clients/clients-search.repository.ts';
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
      const page = (offset: number, cap?: number) =>
        listClients(db, scope, {
          sort: 'best_match',
          desc: false,
          words: searchWords(search),
          limit: PER_PAGE,
          offset,
          cap,
        } satisfies ListOptions);
      let pagesEqual = true;
      let listMs = 0;
      let rankedMs = 0;
      let matches = 0;
      let capped = false;
      for (const offset of OFFSETS) {
        const listed = await timed(() => page(offset));
        const ranked = await timed(() => page(offset, Number.MAX_SAFE_INTEGER));
        if (offset === 0) {
          [listMs, rankedMs, matches, capped] = [
            listed.ms,
            ranked.ms,
            ranked.value.total,
            listed.value.total_capped,
          ];
        }
        const ids = (p: typeof listed.value) => p.items.map((i) => i.client_id).join(',');
        if (ids(listed.value) !== ids(ranked.value)) pagesEqual = false;
      }
      out.push({ search, scope: scopeName, matches, capped, pagesEqual, listMs, rankedMs });
    }
  }
  return out;
}

export function printSearchChecks(checks: SearchCheck[]) {
  console.log(
    `\nSearch results (best matches first; pages at offsets ${OFFSETS.join(', ')} of ${PER_PAGE}, as listed and with every match ranked):\n`,
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
