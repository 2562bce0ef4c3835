import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/**
 * After a record was deleted: leave its screen for `to`, then drop its queries from the cache, so
 * nothing asks the API for it again (which would answer 404). The screen is replaced in the
 * history, so Back does not lead to it either. The navigation renders at once (flushSync): once
 * it resolves the record's screen is gone, and with it every observer that would refetch a
 * removed query.
 */
export function useLeaveDeleted() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (to: string, ...queryKeys: QueryKey[]) => {
    await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
    await navigate(to, { replace: true, flushSync: true });
    for (const queryKey of queryKeys) queryClient.removeQueries({ queryKey });
  };
}
