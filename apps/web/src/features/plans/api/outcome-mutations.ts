import type { Outcome, outcomeBodySchema } from '@cairn/shared/outcomes.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import type { z } from 'zod';
import { api, ApiError, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { planKeys, refreshPlanViews } from '../../../lib/plan-queries.ts';
import { recordMutations } from '../../../lib/record-mutations.ts';

/** An outcome as sent: checked, with the answers that no longer apply cleared (spec §4). */
export type OutcomePayload = z.output<typeof outcomeBodySchema>;

const outcomes = recordMutations<OutcomePayload, Outcome, Plan>({
  send: {
    create: (body, key) => ok(api.POST('/api/outcomes', { body, params: idempotencyKeyParams(key) })),
    update: (id, body) => ok(api.PUT('/api/outcomes/{id}', { params: { path: { id } }, body })),
    remove: (id) => ok(api.DELETE('/api/outcomes/{id}', { params: { path: { id } } })),
  },
  namespace: 'plan-records',
  toasts: 'outcome.toasts',
  // An outcome closes its plan and deleting it reopens the plan (spec §4): the plan, the client's
  // plans (the side menu's New Plan), the client (its case status) and the client list change too.
  // Resolves once the outcome and the plan's status are fresh, so the tab never shows the old ones.
  // Its follow-ups are scheduled, moved or removed with it.
  refresh: (queryClient, plan) => {
    refreshPlanViews(queryClient, plan.client_id);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: planKeys.records(plan.plan_id, 'outcomes') }),
      queryClient.invalidateQueries({ queryKey: planKeys.detail(plan.plan_id), exact: true }),
      queryClient.invalidateQueries({ queryKey: planKeys.records(plan.plan_id, 'follow-ups') }),
    ]);
  },
  // Spec §8: a failed outcome save shows no message; the form shows a 400's field messages and a
  // refused rule (409) itself. A delete refused because the client has another open plan (409
  // plan_reopen_conflict) is explained beside the outcome; other failed deletes toast.
  toastsFailure: (error, change) => change === 'deleted' && !isConflict(error),
});

/** POST /outcomes for the plan's outcome, which closes the plan; PUT /outcomes/{id} for an edit. */
export const useSaveOutcome = outcomes.useSave;
/** DELETE /outcomes/{id}, which reopens the plan. */
export const useDeleteOutcome = outcomes.useDelete;

/** A rule the server refused (409), whose message the outcome tab shows beside the form or record. */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}
