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
import { api, ok } from '../../../lib/api-client.ts';
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

/** Each list's typed calls: GET and PUT /plans/{id}/barriers|supports|trainings. */
const CALLS: {
  [K in LinkKind]: {
    read: (planId: number, signal?: AbortSignal) => Promise<Array<Links[K]['read']>>;
    write: (planId: number, body: Array<Links[K]['write']>) => Promise<Array<Links[K]['read']>>;
  };
} = {
  barriers: {
    read: (id, signal) => ok(api.GET('/api/plans/{id}/barriers', { params: { path: { id } }, signal })),
    write: (id, body) => ok(api.PUT('/api/plans/{id}/barriers', { params: { path: { id } }, body })),
  },
  supports: {
    read: (id, signal) => ok(api.GET('/api/plans/{id}/supports', { params: { path: { id } }, signal })),
    write: (id, body) => ok(api.PUT('/api/plans/{id}/supports', { params: { path: { id } }, body })),
  },
  trainings: {
    read: (id, signal) => ok(api.GET('/api/plans/{id}/trainings', { params: { path: { id } }, signal })),
    write: (id, body) => ok(api.PUT('/api/plans/{id}/trainings', { params: { path: { id } }, body })),
  },
};

/** GET /plans/{id}/barriers|supports|trainings, in the plan's order. */
export function usePlanLinks<K extends LinkKind>(planId: number, kind: K) {
  const calls: (typeof CALLS)[K] = CALLS[kind];
  return useQuery({
    queryKey: planKeys.records(planId, kind),
    queryFn: ({ signal }) => calls.read(planId, signal),
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
    mutationFn: (body: Array<Links[K]['write']>) => {
      const calls: (typeof CALLS)[K] = CALLS[kind];
      return calls.write(planId, body);
    },
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
