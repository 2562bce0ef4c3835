import {
  planCreateBodySchema,
  planUpdateBodySchema,
  type Plan,
  type PlanBarrierInput,
  type planCreateResponseSchema,
} from '@cairn/shared/plans.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { useIdempotentCreate } from '../../../lib/record-mutations.ts';
import { notify } from '../../../lib/notify.ts';
import { useLeaveDeleted } from '../../../lib/use-leave-deleted.ts';
import { validatedBody } from '../../../lib/validated-body.ts';
import { planKeys, refreshPlanViews } from '../../../lib/plan-queries.ts';
import type { PlanInfoBody } from '../components/plan-info/plan-info-form-values.ts';

export type PlanCreateResponse = z.infer<typeof planCreateResponseSchema>;
/** The body of POST /plans as the wizard builds it (unanswered questions are null). */
export type PlanCreate = PlanInfoBody & { client_id: number; barriers: PlanBarrierInput[] };

/**
 * POST /plans: the plan and its barriers in one transaction (spec §4 save order). Quiet: the
 * wizard puts a 400's messages on its fields and explains a 409 (one open plan) itself,
 * keeping everything typed.
 */
export function useCreatePlan(clientId: number) {
  const queryClient = useQueryClient();
  const create = useIdempotentCreate((body: PlanCreate, key: string) =>
    ok(
      api.POST('/api/plans', {
        body: validatedBody(planCreateBodySchema, body, '/api/plans'),
        params: idempotencyKeyParams(key),
      }),
    ),
  );
  return useMutation({
    mutationFn: create,
    meta: { quiet: true },
    onSuccess: ({ id, plan }) => {
      queryClient.setQueryData(planKeys.detail(id), plan);
      refreshPlanViews(queryClient, clientId);
    },
  });
}

/** PUT /plans/{id}: the Plan Info answers; the form shows a 400's messages on its fields. */
export function useUpdatePlan(plan: Plan) {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanInfoBody) =>
      ok(
        api.PUT('/api/plans/{id}', {
          params: { path: { id: plan.plan_id } },
          body: validatedBody(planUpdateBodySchema, body, `/api/plans/${plan.plan_id}`),
        }),
      ),
    meta: { quiet: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(planKeys.detail(plan.plan_id), saved);
      // Spec §4: on save the data reloads; the side menu shows the start date too.
      refreshPlanViews(queryClient, plan.client_id, plan.plan_id);
      notify.success(t('toasts.updated'));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/**
 * DELETE /plans/{id} (its links, spendings, notes and outcome go with it), then the client profile
 * (spec §2), the plan and its records gone from the cache.
 */
export function useDeletePlan(plan: Plan) {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();
  const leaveDeleted = useLeaveDeleted();
  return useMutation({
    mutationFn: () => ok(api.DELETE('/api/plans/{id}', { params: { path: { id: plan.plan_id } } })),
    meta: { quiet: true },
    onSuccess: async () => {
      notify.success(t('toasts.deleted'));
      refreshPlanViews(queryClient, plan.client_id);
      await leaveDeleted(`/client/${plan.client_id}`, planKeys.detail(plan.plan_id));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}
