import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';
import { clientKeys } from '../../../lib/client-queries.ts';

/** Query keys of the group screens; the group interactions' recording invalidates `all` too. */
export const groupKeys = {
  all: ['groups'] as const,
  lists: () => ['groups', 'list'] as const,
  list: (params: GroupListParams) => ['groups', 'list', { ...params }] as const,
  detail: (id: number) => ['groups', 'detail', id] as const,
  planCheck: (id: number) => ['groups', 'detail', id, 'check-plans'] as const,
};

export interface GroupListParams {
  page: number;
  per_page: number;
  s: string;
}

/** GET /groups: one page, newest first, searched by name on the server. */
export function useGroupList(params: GroupListParams) {
  return useQuery({
    queryKey: groupKeys.list(params),
    queryFn: ({ signal }) =>
      ok(
        api.GET('/api/groups', {
          params: {
            query: { page: params.page, per_page: params.per_page, ...(params.s ? { s: params.s } : {}) },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /groups/{id}: the group with its members. */
export function useGroup(id: number) {
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => ok(api.GET('/api/groups/{id}', { params: { path: { id } }, signal })),
  });
}

/** GET /groups/{id}/check-plans: the members without an open plan, whom bulk supports and trainings would miss. */
export function useGroupPlanCheck(id: number, enabled = true) {
  return useQuery({
    queryKey: groupKeys.planCheck(id),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/groups/{id}/check-plans', { params: { path: { id } }, signal })),
    enabled,
    // A plan opened or closed on another screen changes the answer: ask again on each opening.
    staleTime: 0,
  });
}

/**
 * After a group changed: the group lists and the group, and every client (the side menu beside a
 * client's pages lists their groups, and the client carries them).
 */
export async function refreshGroupViews(queryClient: QueryClient, groupId?: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
    groupId == null ? null : queryClient.invalidateQueries({ queryKey: groupKeys.detail(groupId) }),
    queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  ]);
}
