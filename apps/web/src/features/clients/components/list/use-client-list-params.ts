import { CLIENT_PAGE_SIZES, CLIENT_SORTS, type ClientSort } from '@cairn/shared/clients.schemas';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ClientListParams } from '../../api/client-list-queries.ts';

const DEFAULT_SORT: ClientSort = 'updated_at';
const DEFAULT_PAGE_SIZE = 25;

/** Newest first for dates, A to Z for everything else. */
function defaultDescending(sort: ClientSort): boolean {
  return sort === 'updated_at';
}

function parse(query: URLSearchParams): ClientListParams {
  const page = Number(query.get('page'));
  const perPage = Number(query.get('perPage'));
  const sortBy = query.get('sortBy');
  const sort_by = (CLIENT_SORTS as readonly string[]).includes(sortBy ?? '')
    ? (sortBy as ClientSort)
    : DEFAULT_SORT;
  const sortDesc = query.get('sortDesc');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: (CLIENT_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    sort_by,
    sort_desc: sortDesc === null ? defaultDescending(sort_by) : sortDesc === 'true',
    s: (query.get('s') ?? '').trim(),
  };
}

/** Only what differs from the defaults goes in the address, so a plain /clients stays plain. */
function serialise(params: ClientListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.s) query.set('s', params.s);
  if (params.sort_by !== DEFAULT_SORT || params.sort_desc !== defaultDescending(params.sort_by)) {
    query.set('sortBy', params.sort_by);
    query.set('sortDesc', String(params.sort_desc));
  }
  if (params.per_page !== DEFAULT_PAGE_SIZE) query.set('perPage', String(params.per_page));
  if (params.page > 1) query.set('page', String(params.page));
  return query;
}

/**
 * The list's page, page size, sort and search, kept in the address (spec §2: page, sortBy,
 * sortDesc and s) so a reload, a shared link or the back button shows the same list.
 */
export function useClientListParams() {
  const [query, setQuery] = useSearchParams();
  const params = useMemo(() => parse(query), [query]);

  const update = useCallback(
    (change: (current: ClientListParams) => ClientListParams, options: { replace?: boolean } = {}) =>
      setQuery((current) => serialise(change(parse(current))), { replace: options.replace }),
    [setQuery],
  );

  return {
    params,
    setPage: useCallback(
      (page: number, options?: { replace?: boolean }) => update((p) => ({ ...p, page }), options),
      [update],
    ),
    setPageSize: useCallback((per_page: number) => update((p) => ({ ...p, per_page, page: 1 })), [update]),
    /** A click on the sorted column flips it; on another column starts with its natural order. */
    toggleSort: useCallback(
      (sort_by: ClientSort) =>
        update((p) => ({
          ...p,
          sort_by,
          sort_desc: p.sort_by === sort_by ? !p.sort_desc : defaultDescending(sort_by),
          page: 1,
        })),
      [update],
    ),
    /** Typing replaces the history entry instead of adding one per keystroke. */
    setSearch: useCallback(
      (s: string) => update((p) => ({ ...p, s: s.trim(), page: 1 }), { replace: true }),
      [update],
    ),
  };
}
