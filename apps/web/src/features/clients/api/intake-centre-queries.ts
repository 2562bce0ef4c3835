import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';

/**
 * GET /centres, for an Admin's choice of the new client's centre (an Admin has no centre of
 * their own). Same cache entry as the centres screens, which read the same list.
 */
export function useIntakeCentres() {
  return useQuery({
    queryKey: ['centres', 'list'],
    queryFn: ({ signal }) => ok(api.GET('/api/centres', { signal })),
  });
}
