import type { GroupListParams } from '../api/group-queries.ts';
import { useListParams, type ListParamsCodec } from '../../../lib/use-list-params.ts';

/** The group list keeps only paging and search. */
const CODEC: ListParamsCodec<GroupListParams> = {
  parse: (_query, paged) => paged,
  serialise: () => {},
};

/** The group list's page, page size and search, kept in the address like the client list's. */
export function useGroupListParams() {
  const { params, setPage, setPageSize, setSearch } = useListParams(CODEC);
  return { params, setPage, setPageSize, setSearch };
}
