import type { ClientListFilter } from '@cairn/shared/client-list-filters';
import type { ClientSort, clientListResponseSchema } from '@cairn/shared/clients.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ok } from '../../../lib/api-client.ts';
import { clientKeys } from '../../../lib/client-queries.ts';
import { filterQuery } from '../components/list/client-list-filter.ts';
import { workerQuery, type WorkerChoice } from '../components/list/worker-filter.ts';

export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

export interface ClientListParams {
  page: number;
  per_page: number;
  /** The column chosen; null for a search's best matches first. */
  sort_by: ClientSort | null;
  sort_desc: boolean;
  s: string;
  /** A report's filters (client-list-filters.ts), checked; none when the address held invalid ones. */
  filter: ClientListFilter;
  filterInvalid: boolean;
  /** Whose clients (worker-filter.ts). */
  worker: WorkerChoice;
  /**
   * Whether the address names it: a plain address keeps the default (a Coordinator's own clients),
   * as every list parameter does; once chosen, the choice stays in the address.
   */
  workerInAddress: boolean;
}

/** The list's order as the API takes it: none for a search's best matches first. */
export const sortQuery = (params: Pick<ClientListParams, 'sort_by' | 'sort_desc'>) =>
  params.sort_by === null
    ? {}
    : { sort_by: params.sort_by, sort_desc: params.sort_desc ? ('true' as const) : ('false' as const) };

/** GET /clients: one page, sorted and searched on the server; the last page stays up while the next loads. */
export function useClientList(params: ClientListParams) {
  return useQuery({
    queryKey: clientKeys.list({ ...params }),
    queryFn: ({ signal }) =>
      ok(
        api.GET('/api/clients', {
          params: {
            query: {
              page: params.page,
              per_page: params.per_page,
              ...sortQuery(params),
              ...(params.s ? { s: params.s } : {}),
              ...filterQuery(params.filter),
              ...workerQuery(params.worker),
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
