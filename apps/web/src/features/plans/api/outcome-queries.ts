import type { Outcome } from '@cairn/shared/outcomes.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** GET /plans/{id}/outcomes: a plan has at most one outcome, so this is it or nothing. */
export function useOutcome(planId: number) {
  return useQuery({
    queryKey: planKeys.records(planId, 'outcomes'),
    queryFn: ({ signal }) => api<Outcome[]>('GET', `/plans/${planId}/outcomes`, { signal }),
    select: (outcomes) => outcomes[0] ?? null,
  });
}
