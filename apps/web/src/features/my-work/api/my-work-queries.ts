import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';

/** GET /my-work: the signed-in Coordinator's lists, read afresh each time the page opens. */
export function useMyWork() {
  return useQuery({
    queryKey: ['my-work'],
    queryFn: ({ signal }) => ok(api.GET('/api/my-work', { signal })),
    staleTime: 0,
  });
}
