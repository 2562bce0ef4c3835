import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export const roleKeys = { all: ['roles'] as const };

/** GET /users: every user, sorted by full name on the server (Admin only). */
export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => ok(api.GET('/api/users', { signal })),
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => ok(api.GET('/api/users/{id}', { params: { path: { id } }, signal })),
  });
}

export function useRoles() {
  return useQuery({
    queryKey: roleKeys.all,
    queryFn: ({ signal }) => ok(api.GET('/api/roles', { signal })),
    staleTime: Infinity,
  });
}
