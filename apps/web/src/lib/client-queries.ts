import { useQuery } from '@tanstack/react-query';
import { api, ok } from './api-client.ts';

/**
 * Query keys of everything client-shaped, and the client query itself: the clients screens, the
 * side menu beside plans and stories, and the interaction modal all read and invalidate these.
 */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => ['clients', 'list'] as const,
  list: (params: Record<string, unknown>) => ['clients', 'list', params] as const,
  options: (s: string) => ['clients', 'options', s] as const,
  detail: (id: number) => ['clients', 'detail', id] as const,
  interactions: (id: number) => ['clients', 'detail', id, 'interactions'] as const,
};

export function useClient(clientId: number) {
  return useQuery({
    queryKey: clientKeys.detail(clientId),
    queryFn: ({ signal }) => ok(api.GET('/api/clients/{id}', { params: { path: { id: clientId } }, signal })),
  });
}
