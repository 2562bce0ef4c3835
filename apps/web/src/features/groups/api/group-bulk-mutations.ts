import {
  groupBulkSupportBodySchema,
  groupBulkTrainingBodySchema,
  type GroupBulkResult,
  type GroupBulkSupportBody,
  type GroupBulkTrainingBody,
} from '@cairn/shared/groups.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiError, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { clientKeys } from '../../../lib/client-queries.ts';
import { notify } from '../../../lib/notify.ts';
import { planKeys } from '../../../lib/plan-queries.ts';
import { useIdempotentCreate } from '../../../lib/record-mutations.ts';
import { validatedBody } from '../../../lib/validated-body.ts';
import { groupKeys } from './group-queries.ts';

export type BulkKind = 'support' | 'training';

const TOASTS: Record<BulkKind, string> = {
  support: 'toasts.supportsRecorded',
  training: 'toasts.trainingsRecorded',
};
const SKIPPING_TOASTS: Record<BulkKind, string> = {
  support: 'toasts.supportsRecordedSkipping',
  training: 'toasts.trainingsRecordedSkipping',
};

/** What a bulk save sends: the entries, and whether the members without an open plan are skipped. */
export interface BulkRequest<Body> {
  body: Body;
  skip: boolean;
}

/** The query that skips the members without an open plan, when asked to (else a 409 names them). */
const skipQuery = (skip: boolean) => ({
  query: skip ? { skip_members_without_open_plan: 'true' as const } : {},
});

/** POST /groups/{id}/bulk-create/support: the supports, for every member's open plan. */
const sendSupports = (id: number, { body, skip }: BulkRequest<GroupBulkSupportBody>, key: string) =>
  ok(
    api.POST('/api/groups/{id}/bulk-create/support', {
      params: { path: { id }, ...skipQuery(skip), ...idempotencyKeyParams(key) },
      body: validatedBody(groupBulkSupportBodySchema, body, `/api/groups/${id}/bulk-create/support`),
    }),
  );

/** POST /groups/{id}/bulk-create/training: the trainings, for every member's open plan. */
const sendTrainings = (id: number, { body, skip }: BulkRequest<GroupBulkTrainingBody>, key: string) =>
  ok(
    api.POST('/api/groups/{id}/bulk-create/training', {
      params: { path: { id }, ...skipQuery(skip), ...idempotencyKeyParams(key) },
      body: validatedBody(groupBulkTrainingBodySchema, body, `/api/groups/${id}/bulk-create/training`),
    }),
  );

/**
 * A bulk action's save, with the dialog's Idempotency-Key. Refused because a member lacks an open
 * plan (409), it asks the plan check again, so the dialog names them; the toast says why (spec §8).
 * Saved skipping such members, the toast names them.
 */
function useBulkCreate<Body>(
  groupId: number,
  kind: BulkKind,
  send: (id: number, request: BulkRequest<Body>, key: string) => Promise<GroupBulkResult>,
) {
  const { t } = useTranslation('groups');
  const queryClient = useQueryClient();
  const create = useIdempotentCreate((request: BulkRequest<Body>, key: string) =>
    send(groupId, request, key),
  );
  return useMutation({
    mutationFn: create,
    meta: { quiet: true },
    onSuccess: async (result) => {
      const names = result.skipped.map((c) =>
        t('bulk.memberName', { first: c.first_name, last: c.last_name }),
      );
      notify.success(
        names.length > 0
          ? t(SKIPPING_TOASTS[kind], { count: result.members, names: names.join(', ') })
          : t(TOASTS[kind]),
      );
      // Every member's plan has new supports or trainings.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: planKeys.all }),
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
      ]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: groupKeys.planCheck(groupId) });
      notify.error(failureMessage(error));
    },
  });
}

export const useBulkSupports = (groupId: number) => useBulkCreate(groupId, 'support', sendSupports);
export const useBulkTrainings = (groupId: number) => useBulkCreate(groupId, 'training', sendTrainings);
