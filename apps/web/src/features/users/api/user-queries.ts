import type { UserStatus } from '@cairn/shared/users.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';

/** GET /users' search and filters; each left out when not chosen. */
export interface UserListQuery {
  s?: string;
  role?: number;
  /** A centre's id, or NO_CENTRE_ID for the users without one. */
  centre?: number;
  status?: UserStatus;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery = {}) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export const roleKeys = { all: ['roles'] as const };

/** GET /users: the users the search and filters keep, sorted by full name on the server (Admin only). */
export function useUsers(query: UserListQuery = {}) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => ok(api.GET('/api/users', { params: { query }, signal })),
    placeholderData: keepPreviousData,
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
