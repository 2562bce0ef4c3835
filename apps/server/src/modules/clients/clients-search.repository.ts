/**
 * A client search's best matches first (issue 33). A client matches when its search text
 * (client_search) holds every word searched, anywhere (accents, case and spacing aside); among the
 * matches, the best are those with a word beginning with every word searched ('tremb' begins
 * Tremblay), in the order of the word that begins with the longest word searched, then the name;
 * the others follow by name. Every search counts its matches up to `SEARCH_MATCH_CAP` and answers
 * at most that many, best first: the best come from client_search_words' index, in order, as many
 * as the page needs, whatever the number of matches, and the others by name only once the best
 * run out. Reading and ranking every match below the cap, as this did before, grew with the
 * matches: a Coordinator's 322 matches of "tremb" at 1,000,000 clients (docs/performance.md).
 * An integration test checks the pages against the rule written out; the benchmark, against a
 * statement that ranks every match, on the measured database.
 */
import { searchTextWords } from '@cairn/shared/client-rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Scope } from '../access/access.policy.ts';
import { withinScope } from '../access/access.repository.ts';

/** The matches a search counts and ranks at most; a longer list asks for another word. */
export const SEARCH_MATCH_CAP = 500;

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Every word occurs in the search text of `alias` (client_search, whose trigram index serves
 * each LIKE).
 */
export function matchesWords(words: readonly string[], alias: SQL): SQL {
  return sql.join(
    words.map((w) => sql`${alias}.search_text LIKE ${`%${escapeLike(w)}%`}`),
    sql` AND `,
  );
}

/** What the best-match page needs of the list's options. */
export interface BestMatchOptions {
  words: readonly string[];
  /** The list's other conditions on clients `c` (filters, worker), or null. */
  filter: SQL | null;
  limit: number;
  offset: number;
  /** Matches counted and ranked at most (SEARCH_MATCH_CAP; the export takes every match). */
  cap: number;
}

/**
 * The CTEs of a best-first search page (`page`: client_id, sort_value as the position, name_key)
 * and its total and whether the total was capped, for listClientsSql's outer statement.
 */
export function bestMatchPage(scope: Scope, o: BestMatchOptions): { ctes: SQL; total: SQL; capped: SQL } {
  // The words a best match begins its words with: the searched words split as the stored words are.
  const prefixes = searchTextWords(o.words.join(' '));
  // The range of the index read: the longest prefix, the fewest words.
  const lead = prefixes.reduce((a, b) => (b.length > a.length ? b : a), prefixes[0] ?? '');
  const leadEnd = `${lead}\u{10FFFF}`;
  const begins = (word: SQL, prefix: string) => sql`left(${word}, ${[...prefix].length}) = ${prefix}`;
  /**
   * Whether client `id` has a word beginning with `prefix`, read one of two ways. `own`: the
   * client's own words, by its id (the words' key), for the few clients a page's best matches
   * read; starts_with there let PostgreSQL read every word beginning with the prefix for each
   * client (measured: 355 index entries a match for a Coordinator's "tremb" at 100,000 clients).
   * Otherwise the words beginning with the prefix, read once for the many matches of the others.
   */
  const hasWordStarting = (id: SQL, prefix: string, own: boolean) =>
    sql`EXISTS (SELECT 1 FROM client_search_words x WHERE x.client_id = ${id} AND ${own ? begins(sql`x.word`, prefix) : sql`starts_with(x.word, ${prefix})`})`;
  const best = (id: SQL, own: boolean, except: string | null = null) => {
    const checked = prefixes.filter((p) => p !== except);
    return checked.length
      ? sql.join(
          checked.map((p) => hasWordStarting(id, p, own)),
          sql` AND `,
        )
      : sql`true`;
  };
  // The clients table joined where the list's other conditions need it.
  const withClients = (alias: SQL) =>
    o.filter ? sql`JOIN clients c ON c.client_id = ${alias}.client_id` : sql``;
  const filtered = o.filter ? sql`AND ${o.filter}` : sql``;
  const matches = matchesWords(o.words, sql`cs`);
  // The searched words split into more (jean-pierre): a word beginning each part does not make a
  // match, so the best are matches too.
  const splitWords = prefixes.length !== o.words.length || prefixes.some((p, i) => p !== o.words[i]);
  const end = Math.min(o.offset + o.limit, o.cap);
  const pageLimit = Math.max(0, end - o.offset);
  const noBest = prefixes.length === 0;

  const firstWords = noBest
    ? sql`SELECT NULL::integer AS client_id, NULL::text COLLATE "C" AS best_word, NULL::text AS name_key WHERE false`
    : sql`
    SELECT w.client_id, w.word COLLATE "C" AS best_word, w.name_key
      FROM client_search_words w ${withClients(sql`w`)}
     WHERE w.word COLLATE "C" >= ${lead} AND w.word COLLATE "C" < ${leadEnd} AND starts_with(w.word, ${lead})
       AND ${withinScope(scope, sql`w.centre_id`)}
       AND NOT EXISTS (SELECT 1 FROM client_search_words e
                        WHERE e.client_id = w.client_id AND ${begins(sql`e.word`, lead)}
                          AND e.word COLLATE "C" < w.word COLLATE "C")
       AND ${best(sql`w.client_id`, true, lead)}
       ${splitWords ? sql`AND EXISTS (SELECT 1 FROM client_search cs WHERE cs.client_id = w.client_id AND ${matches})` : sql``}
       ${filtered}
     ORDER BY w.word COLLATE "C", w.name_key, w.client_id
     LIMIT ${end}`;
  const others = sql`
    SELECT cs.client_id, NULL::text COLLATE "C" AS best_word, cs.name_key
      FROM client_search cs ${withClients(sql`cs`)}
     WHERE (SELECT count(*) FROM first_words) < ${end}
       AND ${withinScope(scope, sql`cs.centre_id`)} AND ${matches}
       ${noBest ? sql`` : sql`AND NOT (${best(sql`cs.client_id`, false)})`}
       ${filtered}
     ORDER BY cs.name_key, cs.client_id
     LIMIT ${end}`;
  return {
    ctes: sql`hits AS MATERIALIZED (
                SELECT cs.client_id FROM client_search cs ${withClients(sql`cs`)}
                 WHERE ${withinScope(scope, sql`cs.centre_id`)} AND ${matches} ${filtered}
                 LIMIT ${o.cap + 1}),
              t AS (SELECT least(count(*), ${o.cap})::int AS n, count(*) > ${o.cap} AS capped FROM hits),
              first_words AS MATERIALIZED (${firstWords}),
              ordered AS ((SELECT * FROM first_words) UNION ALL (${others})),
              page AS (SELECT client_id, sort_value, name_key
                         FROM (SELECT client_id, name_key,
                                      row_number() OVER (ORDER BY best_word COLLATE "C" NULLS LAST, name_key, client_id) AS sort_value
                                 FROM ordered) o
                        ORDER BY sort_value LIMIT ${pageLimit} OFFSET ${o.offset})`,
    total: sql`(SELECT n FROM t)`,
    capped: sql`(SELECT capped FROM t)`,
  };
}
