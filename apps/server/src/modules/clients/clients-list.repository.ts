/**
 * The client list's statement (spec §2 Clients): the page with its total in one statement, the
 * sorts held by their indexes, the search, the report filters and the worker filter, scoped to
 * what the caller may see; and the short options lists.
 */
import type { ClientList, ClientListItem, ClientOption, ClientSort } from '@cairn/shared/clients.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, shapedStatement, type Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
import type { Scope } from '../access/access.policy.ts';
import {
  countedClientIds,
  countedClients,
  filterCondition,
  type ListFilter,
} from './clients-list-filters.repository.ts';
import { scopeShape, shapedScope, withinScope, type ScopeShape } from '../access/access.repository.ts';
import { bestMatchPage, escapeLike, matchesWords, SEARCH_MATCH_CAP } from './clients-search.repository.ts';

/** The scope as a condition on the clients table aliased `c`. */
export const inScope = (scope: Scope) => withinScope(scope, sql`c.centre_id`);

/** The worker filter as a condition on clients `c` (ListOptions.worker), or null for any. */
const workerCondition = (worker: number | null | undefined): SQL | null =>
  worker === undefined ? null : worker === null ? sql`c.worker_id IS NULL` : sql`c.worker_id = ${worker}`;

/** The conditions joined by AND, or null when there are none. */
function andAll(...conditions: Array<SQL | null>): SQL | null {
  const present = conditions.filter((c) => c !== null);
  return present.length ? sql.join(present, sql` AND `) : null;
}

/** The full name of the worker joined as `w` (users), or null. */
export const workerName = sql`w.first_name || ' ' || w.last_name`;

/**
 * Sorts whose values client_search holds under the clients column names: a search sorted by one
 * of them reads client_search alone, aliased `c`; others join the matches to clients.
 */
const SEARCH_TABLE_SORTS: ReadonlySet<ClientSort> = new Set(['updated_at', 'full_name', 'centre_name']);

export const fullName = sql`c.first_name || ' ' || c.last_name`;

/** The expression each sort orders by: the leading expression of its index in db/schema/clients.ts. */
const SORT_EXPRESSIONS: Record<ClientSort, SQL> = {
  updated_at: sql`c.updated_at`,
  // First and last name without case or accents, so Émilie sorts beside Emma (clients_name_key_sort_idx).
  full_name: sql`c.name_key`,
  email: sql`c.email`,
  phone: sql`c.phone`,
  centre_name: sql`ce.name`,
  recent_plan_status: sql`c.recent_plan_status`,
};

/**
 * The direction, with the null placement the sort's index is stored in (updated_at DESC NULLS
 * LAST, the others ASC NULLS LAST), so that PostgreSQL reads the index forwards or backwards
 * instead of sorting every client: a mismatched NULLS clause alone forces a full sort.
 */
function direction(sort: ClientSort, desc: boolean): SQL {
  if (sort === 'updated_at') return sql.raw(desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
  return sql.raw(desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST');
}

/**
 * The total of an unsearched list, of one centre or all in the scope: the per-centre counts the
 * triggers keep, not a count of every client.
 */
function countedTotal(scope: Scope, centreId: number | null = null): SQL {
  const centre = centreId === null ? sql`true` : sql`n.centre_id = ${centreId}`;
  return sql`(SELECT coalesce(sum(n.clients), 0)::int FROM centre_client_counts n
               WHERE ${withinScope(scope, sql`n.centre_id`)} AND ${centre})`;
}

/** The first row of the list by last change whose page begins from the day counts. */
const ANCHORED_FROM = 2000;

/** A list's order: a column's, or a search's best matches first (clients-search.repository.ts). */
export type ListOrder = ClientSort | 'best_match';

export interface ListOptions {
  sort: ListOrder;
  desc: boolean;
  /** Normalised search words, all of which must match; empty for no search. */
  words: readonly string[];
  /** The list's filters (clients-list-filters.repository.ts), or none. */
  filter?: ListFilter | undefined;
  /** The assigned worker's clients (a user id), the unassigned (null), or any (undefined). */
  worker?: number | null | undefined;
  limit: number;
  offset: number;
  /** A best-first search's cap on the matches counted and ranked: SEARCH_MATCH_CAP unless given. */
  cap?: number | undefined;
  /** The first row whose page begins from the day counts: ANCHORED_FROM unless given (tests). */
  anchoredFrom?: number | undefined;
}

/** The list statement around its page: the page's rows joined to what they show, and the total. */
function pageStatement(p: { ctes: SQL; total: SQL; capped?: SQL }, orderBy: SQL): SQL {
  return sql`
      WITH ${p.ctes}
      SELECT t.total, t.total_capped, c.client_id, ${fullName} AS full_name, c.email, c.phone, ce.name AS centre_name,
             c.worker_id, ${workerName} AS worker_name,
             c.recent_plan_status, ${isoText(sql`c.updated_at`)} AS updated_at, c.missing_info AS _missing
        FROM (SELECT ${p.total} AS total, ${p.capped ?? sql`false`} AS total_capped) t
        LEFT JOIN page p ON true
        LEFT JOIN clients c ON c.client_id = p.client_id
        LEFT JOIN centres ce ON ce.centre_id = c.centre_id
        LEFT JOIN users w ON w.user_id = c.worker_id
       ORDER BY ${orderBy}`;
}

/**
 * One page of the client list and its total, in one statement. The page is chosen on ids and
 * the sort value alone (an index-only read where the index allows, which keeps late pages
 * cheap), then joined to the few rows it shows. The total comes from a one-row derived table,
 * so it is answered even for a page past the end. Exported as SQL so the benchmark times
 * exactly this statement.
 */
export function listClientsSql(scope: Scope, o: ListOptions): SQL {
  const worker = workerCondition(o.worker);
  const filter = andAll(filterCondition(o.filter), worker);
  if (o.sort === 'best_match') {
    if (o.words.length === 0) return listClientsSql(scope, { ...o, sort: 'updated_at', desc: true });
    const page = bestMatchPage(scope, { ...o, filter, cap: o.cap ?? SEARCH_MATCH_CAP });
    return pageStatement(page, sql`p.sort_value`);
  }
  const sort: ClientSort = o.sort;
  const key = SORT_EXPRESSIONS[sort];
  const dir = direction(sort, o.desc);
  // Centres come in name order from a sorted derived table, so PostgreSQL walks them in order
  // and sorts only the first centres' clients; a plain join sorts every client (measured: 40 ms
  // against 3 ms at 100,000 clients).
  const joinCentre =
    sort === 'centre_name'
      ? sql`JOIN (SELECT centre_id, name FROM centres ORDER BY name ${dir}) ce ON ce.centre_id = c.centre_id`
      : sql``;
  // Ties fall to the name, then the id, in the sort's direction: one order across pages.
  const tieBreak = (name: SQL, id: SQL) =>
    sort === 'full_name' ? sql`${id} ${dir}` : sql`${name} ${dir}, ${id} ${dir}`;
  const inList = (from: SQL, condition: SQL) =>
    sql`SELECT c.client_id, ${key} AS sort_value, c.name_key FROM ${from} ${joinCentre} WHERE ${inScope(scope)} AND ${condition}`;
  // A search's matches: client_search alone where it holds the sort, else joined to clients.
  const matched = () =>
    SEARCH_TABLE_SORTS.has(sort) && !filter
      ? inList(sql`client_search c`, matchesWords(o.words, sql`c`))
      : inList(
          sql`client_search cs JOIN clients c ON c.client_id = cs.client_id`,
          filter ? sql`${matchesWords(o.words, sql`cs`)} AND ${filter}` : matchesWords(o.words, sql`cs`),
        );
  const order = (name: SQL, id: SQL) =>
    sql`ORDER BY ${key} ${dir}, ${tieBreak(name, id)} LIMIT ${o.limit} OFFSET ${o.offset}`;
  const reported = o.filter ? countedClientIds(scope, o.filter) : null;
  // A worker's counted clients are those of the counted ids they are assigned, counted from them.
  const ids =
    reported && worker
      ? sql`SELECT r.client_id FROM (${reported}) r JOIN clients c ON c.client_id = r.client_id WHERE ${worker}`
      : reported;
  const counted =
    worker && ids ? sql`(SELECT count(*)::int FROM ids)` : o.filter ? countedClients(scope, o.filter) : null;
  let pageAndTotal: { ctes: SQL; total: SQL };
  if (o.words.length > 0) {
    // A search finds its matches once, and takes both the page and the total from them (the
    // planner would otherwise find them twice: measured p99 47 → 30 ms at 100,000 clients).
    pageAndTotal = {
      ctes: sql`m AS MATERIALIZED (${matched()}),
            page AS (SELECT client_id, sort_value, name_key FROM m
                      ORDER BY sort_value ${dir}, ${tieBreak(sql`name_key`, sql`client_id`)} LIMIT ${o.limit} OFFSET ${o.offset})`,
      total: sql`(SELECT count(*)::int FROM m)`,
    };
  } else if (ids && counted) {
    // A report's range: the counted clients' ids come from the report tables, and the page either
    // walks the sort index, probing each client's spans until the page is full (about
    // (offset + limit) × in scope ÷ counted probes), or sorts the counted clients (one look-up
    // each): whichever reads fewer, decided in the statement from the count, since a rare answer
    // would have the walk probe every client in the scope for none. The count reads the served
    // years or the spans (countedClients); the ids are read only when sorted.
    const walk = sql`(SELECT n FROM t)::float8 * (SELECT n FROM t) >= ${o.offset + o.limit}::float8 * ${countedTotal(scope)}`;
    pageAndTotal = {
      ctes: sql`ids AS MATERIALIZED (${ids}),
            t AS (SELECT ${counted} AS n),
            page AS ((${inList(sql`clients c`, sql`${walk} AND ${filter}`)} ${order(sql`c.name_key`, sql`c.client_id`)})
                     UNION ALL
                     (${inList(sql`ids JOIN clients c ON c.client_id = ids.client_id`, sql`NOT ${walk}`)} ${order(sql`c.name_key`, sql`c.client_id`)}))`,
      total: sql`(SELECT n FROM t)`,
    };
  } else if (sort === 'updated_at' && !worker && !o.filter?.range) {
    // By last change: the page begins on the day its first row was changed, found from the
    // per-centre day counts the triggers keep, and walks the sort index from there: page 40,001
    // skips the rows of one day, not 800,000 (issue 33). The counts and rows are read in one
    // snapshot, so the page is exactly the one OFFSET would give.
    const centre = o.filter?.centreId ?? null;
    const day = sql.raw(o.desc ? 'DESC' : 'ASC');
    // Early pages walk from the top: the day counts would cost more than the rows they skip.
    const near = sql`${o.offset}::int < ${o.anchoredFrom ?? ANCHORED_FROM}::int`;
    const from = sql`(SELECT day FROM anchor)::timestamp AT TIME ZONE 'UTC'`;
    const onward = o.desc
      ? sql`c.updated_at < CASE WHEN ${near} THEN 'infinity' ELSE ${from} + interval '1 day' END`
      : sql`c.updated_at >= CASE WHEN ${near} THEN '-infinity' ELSE ${from} END`;
    pageAndTotal = {
      ctes: sql`anchor AS (
                  SELECT day, before FROM (
                    SELECT day, n, sum(n) OVER (ORDER BY day ${day}) - n AS before
                      FROM (SELECT d.day, sum(d.clients) AS n FROM client_update_days d
                             WHERE ${withinScope(scope, sql`d.centre_id`)}
                               AND ${centre === null ? sql`true` : sql`d.centre_id = ${centre}`}
                             GROUP BY d.day) g) r
                   WHERE before <= ${o.offset} AND before + n > ${o.offset}
                   ORDER BY day ${day} LIMIT 1),
                page AS (${inList(sql`clients c`, filter ? sql`${filter} AND ${onward}` : onward)}
                         ORDER BY ${key} ${dir}, ${tieBreak(sql`c.name_key`, sql`c.client_id`)}
                         LIMIT ${o.limit}
                         OFFSET CASE WHEN ${near} THEN ${o.offset} ELSE ${o.offset} - (SELECT before FROM anchor) END)`,
      total: countedTotal(scope, centre),
    };
  } else {
    // The page walks the sort index; the total reads the per-centre counts the triggers keep.
    pageAndTotal = {
      ctes: sql`page AS (${inList(sql`clients c`, filter ?? sql`true`)} ${order(sql`c.name_key`, sql`c.client_id`)})`,
      // A worker's clients are counted (clients_worker_updated_idx, index-only): a caseload's few.
      total: worker
        ? sql`(SELECT count(*)::int FROM clients c WHERE ${inScope(scope)} AND ${filter})`
        : countedTotal(scope, o.filter?.centreId ?? null),
    };
  }
  return pageStatement(
    pageAndTotal,
    sql`p.sort_value ${dir}, ${tieBreak(sql`p.name_key`, sql`p.client_id`)}`,
  );
}

/** A row of the list statement: the total, and an item of the page or nulls past its end. */
type ListRow = { total: number; total_capped: boolean } & (
  ClientListItem | { [K in keyof ClientListItem]: null }
);

/** Whose clients a list shows: any worker's, one worker's, or the unassigned. */
type WorkerShape = 'any' | 'one' | 'none';

const workerShape = (worker: number | null | undefined): WorkerShape =>
  worker === undefined ? 'any' : worker === null ? 'none' : 'one';

/**
 * What the unsearched list statement's text depends on: the scope's shape, the sort, the
 * direction, and whose clients.
 */
type ListShape = `${ScopeShape} ${ClientSort} ${'asc' | 'desc'} ${WorkerShape}`;

/**
 * The unsearched list statement, built once per ListShape (db/database.ts shapedStatement). A
 * search's words are part of its parameters' text (`%word%`), so a search is built per call.
 */
const unsearchedListStatement = shapedStatement(
  (
    shape: ListShape,
    v: { centreId: number | null; workerId: number | null; limit: number; offset: number },
  ) => {
    const [scope, sort, desc, worker] = shape.split(' ') as [ScopeShape, ClientSort, string, WorkerShape];
    return listClientsSql(shapedScope(scope, v.centreId), {
      sort,
      desc: desc === 'desc',
      words: [],
      worker: worker === 'any' ? undefined : worker === 'none' ? null : v.workerId,
      limit: v.limit,
      offset: v.offset,
    });
  },
);

/**
 * Whether the list is filtered to what a report counts for a range: its statement is then planned
 * with its values on every run (db/database.ts selectRows `planEach`), as the dashboards are; a
 * generic plan chose the same joins whatever the range and the count (measured: 310 against 9 to
 * 25 ms for one age band of a centre's clients).
 */
export const isRangeFiltered = (o: Pick<ListOptions, 'filter'>) => Boolean(o.filter?.range);

export async function listClients(db: Executor, scope: Scope, o: ListOptions): Promise<ClientList> {
  const rows =
    o.words.length > 0 || filterCondition(o.filter) || o.sort === 'best_match'
      ? // A report's range is planned with its values: which branch pays depends on them. Searches
        // keep their prepared plan (planning each one cost more than it saved: p99 61 against 46
        // ms at 1,000,000 clients).
        await selectRows<ListRow>(db, listClientsSql(scope, o), { planEach: isRangeFiltered(o) })
      : await unsearchedListStatement<ListRow>(
          db,
          `${scopeShape(scope)} ${o.sort} ${o.desc ? 'desc' : 'asc'} ${workerShape(o.worker)}`,
          { centreId: scope.centreId, workerId: o.worker ?? null, limit: o.limit, offset: o.offset },
        );
  const items: ClientListItem[] = [];
  for (const { total: _total, total_capped: _capped, ...item } of rows)
    if (item.client_id !== null) items.push(item);
  return { items, total: rows[0]?.total ?? 0, total_capped: rows[0]?.total_capped ?? false };
}

/**
 * Clients for autocompletes. With search words: clients whose first or last name starts with
 * every word first, then those whose names hold every word, then matches on middle name, email
 * or phone; by name within each. Without: the most recently updated.
 */
export function listClientOptions(
  db: Executor,
  scope: Scope,
  words: readonly string[],
  limit: number,
): Promise<ClientOption[]> {
  const columns = sql`c.client_id, ${fullName} AS title, c.date_of_birth::text AS date_of_birth`;
  if (words.length === 0) {
    return selectRows<ClientOption>(
      db,
      sql`SELECT ${columns} FROM clients c WHERE ${inScope(scope)}
           ORDER BY c.updated_at DESC NULLS LAST, c.client_id DESC NULLS LAST LIMIT ${limit}`,
    );
  }
  const nameWords = sql`(' ' || c.name_key)`;
  const startsNames = sql.join(
    words.map((w) => sql`${nameWords} LIKE ${`% ${escapeLike(w)}%`}`),
    sql` AND `,
  );
  const inNames = sql.join(
    words.map((w) => sql`c.name_key LIKE ${`%${escapeLike(w)}%`}`),
    sql` AND `,
  );
  return selectRows<ClientOption>(
    db,
    sql`SELECT ${columns} FROM client_search cs JOIN clients c ON c.client_id = cs.client_id
         WHERE ${inScope(scope)} AND ${matchesWords(words, sql`cs`)}
         ORDER BY CASE WHEN ${startsNames} THEN 0 WHEN ${inNames} THEN 1 ELSE 2 END,
                  c.name_key, c.client_id
         LIMIT ${limit}`,
  );
}
