import type { Spending } from '@cairn/shared/spendings.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** GET /plans/{id}/spendings: the plan's line items, newest first. */
export function useSpendings(planId: number) {
  return useQuery({
    queryKey: planKeys.records(planId, 'spendings'),
    queryFn: ({ signal }) => api<Spending[]>('GET', `/plans/${planId}/spendings`, { signal }),
  });
}
