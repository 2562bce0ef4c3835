import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';

export const centreKeys = {
  all: ['centres'] as const,
  list: () => [...centreKeys.all, 'list'] as const,
  detail: (id: number) => [...centreKeys.all, 'detail', id] as const,
};

/** GET /centres: every centre, sorted by name on the server. */
export function useCentres() {
  return useQuery({
    queryKey: centreKeys.list(),
    queryFn: ({ signal }) => ok(api.GET('/api/centres', { signal })),
  });
}

export function useCentre(id: number) {
  return useQuery({
    queryKey: centreKeys.detail(id),
    queryFn: ({ signal }) => ok(api.GET('/api/centres/{id}', { params: { path: { id } }, signal })),
  });
}
