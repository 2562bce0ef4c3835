import type { Note } from '@cairn/shared/notes.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** GET /plans/{id}/notes: newest first, then flagged first (the server's order, spec §7). */
export function useNotes(planId: number) {
  return useQuery({
    queryKey: planKeys.records(planId, 'notes'),
    queryFn: ({ signal }) => api<Note[]>('GET', `/plans/${planId}/notes`, { signal }),
  });
}
