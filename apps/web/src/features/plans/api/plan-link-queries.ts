import type {
  PlanBarrier,
  PlanBarrierInput,
  PlanSupport,
  PlanSupportInput,
  PlanTraining,
  PlanTrainingInput,
} from '@cairn/shared/plans.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** What each plan link list holds as read, and as sent by PUT. */
interface Links {
  barriers: { read: PlanBarrier; write: PlanBarrierInput };
  supports: { read: PlanSupport; write: PlanSupportInput };
  trainings: { read: PlanTraining; write: PlanTrainingInput };
}
export type LinkKind = keyof Links;

/** GET /plans/{id}/barriers|supports|trainings, in the plan's order. */
export function usePlanLinks<K extends LinkKind>(planId: number, kind: K) {
  return useQuery({
    queryKey: planKeys.records(planId, kind),
    queryFn: ({ signal }) => api<Array<Links[K]['read']>>('GET', `/plans/${planId}/${kind}`, { signal }),
  });
}

/**
 * PUT /plans/{id}/barriers|supports|trainings with the whole list: answers the list as stored,
 * and spec §8's 'The plan was successfully updated.'
 */
export function useSavePlanLinks<K extends LinkKind>(planId: number, clientId: number, kind: K) {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Array<Links[K]['write']>) =>
      api<Array<Links[K]['read']>>('PUT', `/plans/${planId}/${kind}`, { body }),
    meta: { quiet: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(planKeys.records(planId, kind), saved);
      // The plan carries its barriers, and so does each plan of the client's list.
      void queryClient.invalidateQueries({ queryKey: planKeys.detail(planId), exact: true });
      void queryClient.invalidateQueries({ queryKey: planKeys.ofClient(clientId) });
      notify.success(t('toasts.updated'));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}
