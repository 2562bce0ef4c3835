import type { ClientReassignBody } from '@cairn/shared/caseloads.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from './api-client.ts';
import { failureMessage } from './api-errors.ts';
import { clientKeys } from './client-queries.ts';
import { notify } from './notify.ts';

/** The workers' query keys: a centre's active Coordinators. */
export const workerKeys = {
  all: ['workers'] as const,
  centre: (centreId: number) => ['workers', centreId] as const,
};

/** GET /workers?centre_id=: the workers a centre's clients may be given (none asked without a centre). */
export function useWorkers(centreId: number | null) {
  return useQuery({
    queryKey: workerKeys.centre(centreId ?? 0),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/workers', { params: { query: { centre_id: centreId ?? 0 } }, signal })),
    enabled: centreId !== null,
  });
}

/**
 * POST /clients/reassign: clients by ids, or all of one worker's, to another worker or none. The
 * client lists and profiles are read again after it; the toast says how many moved.
 */
export function useReassignClients() {
  const { t } = useTranslation('caseloads');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientReassignBody) => ok(api.POST('/api/clients/reassign', { body })),
    meta: { quiet: true },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      notify.success(t('reassign.done', { count: result.reassigned }));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}
