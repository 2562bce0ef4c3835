import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** GET /plans/{id}/spendings: the plan's line items, newest first. */
export function useSpendings(planId: number) {
  return useQuery({
    queryKey: planKeys.records(planId, 'spendings'),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/plans/{id}/spendings', { params: { path: { id: planId } }, signal })),
  });
}
