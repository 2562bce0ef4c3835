import type { MyWorkPages } from '@cairn/shared/my-work.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';

/**
 * GET /my-work: the signed-in Coordinator's lists, a page of each, read afresh each time the page
 * opens; the page shown stays while the next one loads.
 */
export function useMyWork(pages: MyWorkPages) {
  return useQuery({
    queryKey: ['my-work', pages],
    queryFn: ({ signal }) =>
      ok(
        api.GET('/api/my-work', {
          params: {
            query: {
              follow_ups_page: pages.follow_ups,
              missing_info_page: pages.missing_info,
              gone_quiet_page: pages.gone_quiet,
              unassigned_page: pages.unassigned,
            },
          },
          signal,
        }),
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
