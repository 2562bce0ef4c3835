/**
 * The statements the clients and groups API run for the benchmarked calls, rendered from the repository's
 * own SQL builders, so the benchmark times the database alone beside the whole request on
 * exactly the statement the API sends.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { statementName } from '../db/database.ts';
import type { Scope } from '../modules/access/access.policy.ts';
import { clientProfileSql } from '../modules/clients/clients.repository.ts';
import { isRangeFiltered, listClientsSql } from '../modules/clients/clients-list.repository.ts';
import { listOrder } from '../modules/clients/clients.service.ts';
import type { ListFilter } from '../modules/clients/clients-list-filters.repository.ts';
import { listGroupsSql } from '../modules/groups/groups.repository.ts';

export interface RawQuery {
  /**
   * Prepared under the same name as the API prepares it (db/database.ts selectRows), or none for
   * a statement the API plans on every run (`planEach`).
   */
  name?: string;
  text: string;
  values: unknown[];
  /** `SET LOCAL` settings the API runs the statement under, in one transaction with it. */
  settings?: string;
}

export interface ListScope {
  /** null: every centre (an Admin). */
  centreId: number | null;
}

const dialect = new PgDialect();
const scopeOf = (s: ListScope): Scope =>
  s.centreId === null ? { allCentres: true, centreId: null } : { allCentres: false, centreId: s.centreId };

/**
 * GET /clients sorted by updated_at, newest first (the default), with the total; optionally
 * searched, optionally with a report's filter, optionally one worker's clients (`worker=me`).
 */
export function listQuery(
  scope: ListScope,
  o: { word: string | null; perPage: number; page: number; filter?: ListFilter; worker?: number },
): RawQuery {
  const q = dialect.sqlToQuery(
    listClientsSql(scopeOf(scope), {
      // As the API orders it: a search's best matches first, else the newest changes first.
      sort: listOrder(undefined, o.word === null ? [] : [o.word]),
      desc: true,
      words: o.word === null ? [] : [o.word],
      filter: o.filter,
      worker: o.worker,
      limit: o.perPage,
      offset: (o.page - 1) * o.perPage,
    }),
  );
  // Named as the API prepares it, or planned on every run as the API plans a report's range.
  return isRangeFiltered(o)
    ? { text: q.sql, values: q.params }
    : { name: statementName(q.sql), text: q.sql, values: q.params };
}

/** GET /clients/{id} for an Admin: the whole profile in one statement. */
export function profileQuery(clientId: number): RawQuery {
  const q = dialect.sqlToQuery(clientProfileSql({ allCentres: true, centreId: null }, clientId));
  return { name: statementName(q.sql), text: q.sql, values: q.params };
}

/** GET /groups, newest first, with the total. */
export function groupListQuery(scope: ListScope, o: { perPage: number; page: number }): RawQuery {
  const q = dialect.sqlToQuery(
    listGroupsSql(scopeOf(scope), { search: '', limit: o.perPage, offset: (o.page - 1) * o.perPage }),
  );
  return { name: statementName(q.sql), text: q.sql, values: q.params };
}
