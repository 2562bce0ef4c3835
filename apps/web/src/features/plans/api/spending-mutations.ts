import type { Spending, spendingBodySchema } from '@cairn/shared/spendings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** A line item as sent: checked and cleaned by the shared schema (empty value is 0, spec §5). */
export type SpendingPayload = z.output<typeof spendingBodySchema>;

/**
 * Quiet, like every form's save: the form puts a 400's messages on its fields, and the toast says
 * a refused rule in the server's words, anything else generically (spec §8).
 */
function useSpendingMutation<V, R>(
  planId: number,
  send: (variables: V) => Promise<R>,
  toastKey: 'created' | 'updated' | 'deleted',
) {
  const { t } = useTranslation('plan-records');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { quiet: true },
    // The save ends once the table and totals are fresh, so the tab never shows the old lines.
    onSuccess: async () => {
      notify.success(t(`spendings.toasts.${toastKey}`));
      await queryClient.invalidateQueries({ queryKey: planKeys.records(planId, 'spendings') });
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** POST /spendings. */
export function useCreateSpending(planId: number) {
  return useSpendingMutation(
    planId,
    (body: SpendingPayload) => api<Spending>('POST', '/spendings', { body }),
    'created',
  );
}

/** PUT /spendings/{id}. */
export function useUpdateSpending(planId: number) {
  return useSpendingMutation(
    planId,
    ({ id, body }: { id: number; body: SpendingPayload }) =>
      api<Spending>('PUT', `/spendings/${id}`, { body }),
    'updated',
  );
}

/** DELETE /spendings/{id}. */
export function useDeleteSpending(planId: number) {
  return useSpendingMutation(planId, (id: number) => api<void>('DELETE', `/spendings/${id}`), 'deleted');
}
