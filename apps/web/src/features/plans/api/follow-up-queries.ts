import type { FollowUp, followUpBodySchema } from '@cairn/shared/follow-ups.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { failureMessage } from '../../../lib/api-errors.ts';
import { api, ok } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** A follow-up as sent: checked, with the answers that no longer apply cleared. */
export type FollowUpPayload = z.output<typeof followUpBodySchema>;

/** GET /plans/{id}/follow-ups: by month; none until the plan has an outcome. */
export function useFollowUps(planId: number) {
  return useQuery({
    queryKey: planKeys.records(planId, 'follow-ups'),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/plans/{id}/follow-ups', { params: { path: { id: planId } }, signal })),
  });
}

/**
 * PUT /follow-ups/{id}: records one. A failure toasts (spec §8) and the form shows a 400's field
 * messages; the list is fresh when the save ends.
 */
export function useRecordFollowUp(planId: number) {
  const { t } = useTranslation('plan-records');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, body }: { id: number; body: FollowUpPayload }): Promise<FollowUp> =>
      ok(api.PUT('/api/follow-ups/{id}', { params: { path: { id } }, body })),
    meta: { quiet: true },
    onSuccess: async () => {
      notify.success(t('followUps.toasts.recorded'));
      await queryClient.invalidateQueries({ queryKey: planKeys.records(planId, 'follow-ups') });
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
  return (id: number, body: FollowUpPayload) => mutation.mutateAsync({ id, body });
}
