import type { Outcome, outcomeBodySchema } from '@cairn/shared/outcomes.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api, ApiError } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { planKeys, refreshPlanViews } from '../../../lib/plan-queries.ts';

/** An outcome as sent: checked, with the answers that no longer apply cleared (spec §4). */
export type OutcomePayload = z.output<typeof outcomeBodySchema>;

/**
 * An outcome closes its plan and deleting it reopens the plan (spec §4): the plan, the client's
 * plans (the side menu's New Plan), the client (its case status) and the client list change too.
 */
function useOutcomeChanged(plan: Plan) {
  const queryClient = useQueryClient();
  // Resolves once the outcome and the plan's status are fresh, so the tab never shows the old ones.
  return async () => {
    refreshPlanViews(queryClient, plan.client_id);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: planKeys.records(plan.plan_id, 'outcomes') }),
      queryClient.invalidateQueries({ queryKey: planKeys.detail(plan.plan_id), exact: true }),
    ]);
  };
}

/**
 * POST /outcomes. Spec §8: a failed outcome save shows no message; the form shows a 400's field
 * messages and a refused rule (409) itself.
 */
export function useCreateOutcome(plan: Plan) {
  const { t } = useTranslation('plan-records');
  const changed = useOutcomeChanged(plan);
  return useMutation({
    mutationFn: (body: OutcomePayload) => api<Outcome>('POST', '/outcomes', { body }),
    meta: { quiet: true },
    onSuccess: async () => {
      notify.success(t('outcome.toasts.created'));
      await changed();
    },
  });
}

/** PUT /outcomes/{id}; quiet on failure as the creation is (spec §8). */
export function useUpdateOutcome(plan: Plan) {
  const { t } = useTranslation('plan-records');
  const changed = useOutcomeChanged(plan);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: OutcomePayload }) =>
      api<Outcome>('PUT', `/outcomes/${id}`, { body }),
    meta: { quiet: true },
    onSuccess: async () => {
      notify.success(t('outcome.toasts.updated'));
      await changed();
    },
  });
}

/**
 * DELETE /outcomes/{id}, which reopens the plan. A client with another open plan answers 409
 * plan_reopen_conflict: the tab explains that beside the outcome; other failures toast (spec §8).
 */
export function useDeleteOutcome(plan: Plan) {
  const { t } = useTranslation('plan-records');
  const changed = useOutcomeChanged(plan);
  return useMutation({
    mutationFn: (id: number) => api<void>('DELETE', `/outcomes/${id}`),
    meta: { quiet: true },
    onSuccess: async () => {
      notify.success(t('outcome.toasts.deleted'));
      await changed();
    },
    onError: (error) => {
      if (!isConflict(error)) notify.error(failureMessage(error));
    },
  });
}

/** A rule the server refused (409), whose message the outcome tab shows beside the form or record. */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}
