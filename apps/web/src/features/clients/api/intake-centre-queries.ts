import type { Centre } from '@cairn/shared/centres.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /centres, for an Admin's choice of the new client's centre (an Admin has no centre of
 * their own). Same cache entry as the centres screens, which read the same list.
 */
export function useIntakeCentres() {
  return useQuery({
    queryKey: ['centres', 'list'],
    queryFn: ({ signal }) => api<Centre[]>('GET', '/centres', { signal }),
  });
}
