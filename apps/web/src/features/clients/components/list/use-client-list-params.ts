import { CLIENT_SORTS, type ClientSort } from '@cairn/shared/clients.schemas';
import { useCallback, useMemo } from 'react';
import { useListParams, type ListParamsCodec } from '../../../../lib/use-list-params.ts';
import type { ClientListParams } from '../../api/client-list-queries.ts';
import { filterOf, filterQuery } from './client-list-filter.ts';
import { workerChoiceOf, type WorkerChoice } from './worker-filter.ts';

const DEFAULT_SORT: ClientSort = 'updated_at';

/** Newest first for dates, A to Z for everything else. */
function defaultDescending(sort: ClientSort): boolean {
  return sort === 'updated_at';
}

/**
 * The client list's own parameters: its sort (spec §2: sortBy and sortDesc), the filters a
 * report's figure or bar opens it with (client-list-filter.ts), and whose clients (worker-filter.ts:
 * `me` by default for a Coordinator, unless a report's filters opened the list; else every client).
 */
const codecFor = (coordinator: boolean): ListParamsCodec<ClientListParams> => ({
  parse: (query, paged) => {
    const sortBy = query.get('sortBy');
    // A search without a chosen column lists its best matches first (the server's order): null.
    const sort_by = (CLIENT_SORTS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as ClientSort)
      : paged.s
        ? null
        : DEFAULT_SORT;
    const sortDesc = query.get('sortDesc');
    const { filter, invalid } = filterOf(query);
    const byDefault: WorkerChoice = coordinator && Object.keys(filter).length === 0 ? 'me' : 'all';
    const worker = workerChoiceOf(query.get('worker'), byDefault);
    return {
      ...paged,
      worker,
      workerInAddress: query.has('worker') && worker === query.get('worker'),
      sort_by,
      sort_desc: sortDesc === null ? sort_by !== null && defaultDescending(sort_by) : sortDesc === 'true',
      filter,
      filterInvalid: invalid,
    };
  },
  serialise: (params, query) => {
    for (const [name, value] of Object.entries(filterQuery(params.filter))) query.set(name, value);
    // Kept in the address once chosen (`worker=me` too), or when it is not the default.
    if (params.workerInAddress) query.set('worker', params.worker);
    // A column chosen while searching stays, even the default one: without it, best matches first.
    const chosen =
      params.sort_by !== null &&
      (params.s !== '' ||
        params.sort_by !== DEFAULT_SORT ||
        params.sort_desc !== defaultDescending(params.sort_by));
    if (params.sort_by !== null && chosen) {
      query.set('sortBy', params.sort_by);
      query.set('sortDesc', String(params.sort_desc));
    }
  },
});

/**
 * The list's page, page size, sort and search, kept in the address (spec §2: page, sortBy,
 * sortDesc and s) so a reload, a shared link or the back button shows the same list.
 */
export function useClientListParams(coordinator = false) {
  const codec = useMemo(() => codecFor(coordinator), [coordinator]);
  const { params, update, setPage, setPageSize, setSearch } = useListParams(codec);
  return {
    params,
    setPage,
    setPageSize,
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
    setSearch,
    /** Whose clients: mine, the unassigned, one worker's, or every client's. */
    setWorker: useCallback(
      (worker: WorkerChoice, options?: { replace?: boolean }) =>
        update((p) => ({ ...p, worker, workerInAddress: true, page: 1 }), options),
      [update],
    ),
    /** Every client again: the report's filters (or invalid ones) dropped. */
    clearFilter: useCallback(
      () =>
        update((p) => ({
          ...p,
          filter: {},
          filterInvalid: false,
          page: 1,
          // Every client, as the report's list showed them, not the Coordinator's own by default.
          ...(p.workerInAddress ? {} : { worker: 'all' as const, workerInAddress: coordinator }),
        })),
      [update, coordinator],
    ),
  };
}
