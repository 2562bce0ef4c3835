import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** GET /plans/{id}/notes: newest first, then flagged first (the server's order, spec §7). */
export function useNotes(planId: number) {
  return useQuery({
    queryKey: planKeys.records(planId, 'notes'),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/plans/{id}/notes', { params: { path: { id: planId } }, signal })),
  });
}
