import type { Spending, spendingBodySchema } from '@cairn/shared/spendings.schemas';
import type { z } from 'zod';
import { planKeys } from '../../../lib/plan-queries.ts';
import { api, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { recordMutations } from '../../../lib/record-mutations.ts';

/** A line item as sent: checked and cleaned by the shared schema (empty value is 0, spec §5). */
export type SpendingPayload = z.output<typeof spendingBodySchema>;

const spendings = recordMutations<SpendingPayload, Spending, number>({
  send: {
    create: (body, key) => ok(api.POST('/api/spendings', { body, params: idempotencyKeyParams(key) })),
    update: (id, body) => ok(api.PUT('/api/spendings/{id}', { params: { path: { id } }, body })),
    remove: (id) => ok(api.DELETE('/api/spendings/{id}', { params: { path: { id } } })),
  },
  namespace: 'plan-records',
  toasts: 'spendings.toasts',
  // The save ends once the table and totals are fresh, so the tab never shows the old lines.
  refresh: (queryClient, planId) =>
    queryClient.invalidateQueries({ queryKey: planKeys.records(planId, 'spendings') }),
});

/** POST /spendings for a new line item, PUT /spendings/{id} for an edit. */
export const useSaveSpending = spendings.useSave;
/** DELETE /spendings/{id}. */
export const useDeleteSpending = spendings.useDelete;
