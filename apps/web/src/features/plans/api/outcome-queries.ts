import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** GET /plans/{id}/outcomes: a plan has at most one outcome, so this is it or nothing. */
export function useOutcome(planId: number) {
  return useQuery({
    queryKey: planKeys.records(planId, 'outcomes'),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/plans/{id}/outcomes', { params: { path: { id: planId } }, signal })),
    select: (outcomes) => outcomes[0] ?? null,
  });
}
