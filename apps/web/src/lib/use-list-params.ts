import { CLIENT_PAGE_SIZES } from '@cairn/shared/clients.schemas';
import { useCallback, useMemo } from 'react';
import { useAddressQuery } from './use-address-query.ts';

/** The page sizes every paged list offers. */
export const PAGE_SIZES = CLIENT_PAGE_SIZES;
const DEFAULT_PAGE_SIZE = 25;

/** What every paged, searched list keeps in the address: page, page size and search. */
export interface PagedListParams {
  page: number;
  per_page: number;
  s: string;
}

/** How a list reads and writes what it keeps beyond paging and search (the client list's sort). */
export interface ListParamsCodec<P extends PagedListParams> {
  parse: (query: URLSearchParams, paged: PagedListParams) => P;
  /** Sets the list's own parameters that differ from their defaults. */
  serialise: (params: P, query: URLSearchParams) => void;
}

/** A page number as the address holds it: a whole number from 1, else the first page. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function parsePaged(query: URLSearchParams): PagedListParams {
  const perPage = Number(query.get('perPage'));
  return {
    page: pageOf(query.get('page')),
    per_page: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    s: (query.get('s') ?? '').trim(),
  };
}

/**
 * A list's parameters kept in the address (spec §2: page, perPage, s, and the list's own), so a
 * reload, a shared link or the back button shows the same list. Only what differs from the
 * defaults goes in the address, so a plain list's address stays plain.
 */
export function useListParams<P extends PagedListParams>(codec: ListParamsCodec<P>) {
  const [query, changeQuery] = useAddressQuery();
  const { parse, serialise } = codec;
  const read = useCallback((q: URLSearchParams) => parse(q, parsePaged(q)), [parse]);
  const params = useMemo(() => read(query), [read, query]);

  const update = useCallback(
    (change: (current: P) => P, options: { replace?: boolean } = {}) =>
      changeQuery(
        (current) => {
          const next = change(read(current));
          const out = new URLSearchParams();
          if (next.s) out.set('s', next.s);
          serialise(next, out);
          if (next.per_page !== DEFAULT_PAGE_SIZE) out.set('perPage', String(next.per_page));
          if (next.page > 1) out.set('page', String(next.page));
          return out;
        },
        { replace: options.replace },
      ),
    [changeQuery, read, serialise],
  );

  return {
    params,
    update,
    setPage: useCallback(
      (page: number, options?: { replace?: boolean }) => update((p) => ({ ...p, page }), options),
      [update],
    ),
    setPageSize: useCallback((per_page: number) => update((p) => ({ ...p, per_page, page: 1 })), [update]),
    /** Typing replaces the history entry instead of adding one per keystroke. */
    setSearch: useCallback(
      (s: string) => update((p) => ({ ...p, s: s.trim(), page: 1 }), { replace: true }),
      [update],
    ),
  };
}
