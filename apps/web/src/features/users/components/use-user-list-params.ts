import { NO_CENTRE_ID } from '@cairn/shared/limits';
import { isRoleId } from '@cairn/shared/roles';
import { USER_STATUSES, type UserStatus } from '@cairn/shared/users.schemas';
import { useCallback } from 'react';
import { useListParams, type ListParamsCodec, type PagedListParams } from '../../../lib/use-list-params.ts';
import type { UserListQuery } from '../api/user-queries.ts';

/** The users list's filters; null when not chosen. */
export interface UserFilters {
  role: number | null;
  /** A centre's id, or NO_CENTRE_ID for the users without one. */
  centre: number | null;
  status: UserStatus | null;
}

export type UserListParams = PagedListParams & UserFilters;

function wholeNumber(text: string | null): number | null {
  if (text === null || !/^-?\d{1,10}$/.test(text)) return null;
  return Number(text);
}

/** Reads and writes the filters in the address (`role`, `centre`, `status`), beside page and search. */
export const USER_LIST_CODEC: ListParamsCodec<UserListParams> = {
  parse: (query, paged) => {
    const role = wholeNumber(query.get('role'));
    const centre = wholeNumber(query.get('centre'));
    const status = query.get('status');
    return {
      ...paged,
      role: role !== null && isRoleId(role) ? role : null,
      centre: centre !== null && (centre > 0 || centre === NO_CENTRE_ID) ? centre : null,
      status: (USER_STATUSES as readonly string[]).includes(status ?? '') ? (status as UserStatus) : null,
    };
  },
  serialise: (params, query) => {
    if (params.role !== null) query.set('role', String(params.role));
    if (params.centre !== null) query.set('centre', String(params.centre));
    if (params.status !== null) query.set('status', params.status);
  },
};

/** GET /users' query for the list's search and filters. */
export function userQueryOf(params: UserListParams): UserListQuery {
  return {
    ...(params.s ? { s: params.s } : {}),
    ...(params.role !== null ? { role: params.role } : {}),
    ...(params.centre !== null ? { centre: params.centre } : {}),
    ...(params.status !== null ? { status: params.status } : {}),
  };
}

/** The users list's page, page size, search and filters, kept in the address like the client list's. */
export function useUserListParams() {
  const { params, update, setPage, setPageSize, setSearch } = useListParams(USER_LIST_CODEC);
  const setFilters = useCallback(
    (change: Partial<UserFilters>) => update((p) => ({ ...p, ...change, page: 1 })),
    [update],
  );
  return { params, setPage, setPageSize, setSearch, setFilters };
}
