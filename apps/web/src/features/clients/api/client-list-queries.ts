import type { ClientSort, clientListResponseSchema } from '@cairn/shared/clients.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { clientKeys } from '../../../lib/client-queries.ts';

export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

export interface ClientListParams {
  page: number;
  per_page: number;
  sort_by: ClientSort;
  sort_desc: boolean;
  s: string;
}

/** GET /clients: one page, sorted and searched on the server; the last page stays up while the next loads. */
export function useClientList(params: ClientListParams) {
  return useQuery({
    queryKey: clientKeys.list({ ...params }),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        page: String(params.page),
        per_page: String(params.per_page),
        sort_by: params.sort_by,
        sort_desc: String(params.sort_desc),
      });
      if (params.s) query.set('s', params.s);
      return api<ClientListResponse>('GET', `/clients?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
