import { useQuery } from '@tanstack/react-query';
import { api, ok } from './api-client.ts';

/** The centres' query keys: the centres screens, the user form and the intake share one list. */
export const centreKeys = {
  all: ['centres'] as const,
  list: () => [...centreKeys.all, 'list'] as const,
  detail: (id: number) => [...centreKeys.all, 'detail', id] as const,
};

/**
 * GET /centres: every centre, sorted by name on the server. `enabled` lets a screen fetch it only
 * when it shows it (spec §6: the user form's centre choice is for role 1 only).
 */
export function useCentres(enabled = true) {
  return useQuery({
    queryKey: centreKeys.list(),
    queryFn: ({ signal }) => ok(api.GET('/api/centres', { signal })),
    enabled,
  });
}

/** GET /centres/{id}. */
export function useCentre(id: number) {
  return useQuery({
    queryKey: centreKeys.detail(id),
    queryFn: ({ signal }) => ok(api.GET('/api/centres/{id}', { params: { path: { id } }, signal })),
  });
}
