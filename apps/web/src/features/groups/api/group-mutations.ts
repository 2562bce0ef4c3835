import type { Group, GroupCreateBody, GroupUpdateBody } from '@cairn/shared/groups.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { clientKeys } from '../../../lib/client-queries.ts';
import { notify } from '../../../lib/notify.ts';
import { useIdempotentCreate } from '../../../lib/record-mutations.ts';
import { useLeaveDeleted } from '../../../lib/use-leave-deleted.ts';
import { groupKeys, refreshGroupViews } from './group-queries.ts';

// Each mutation toasts its own outcome: the server's reason for a refused rule, the generic
// failure otherwise (spec §8); a form shows a 400's field messages.

/** POST /groups, with the wizard's Idempotency-Key: the group and its first members. */
export function useCreateGroup() {
  const { t } = useTranslation('groups');
  const queryClient = useQueryClient();
  const create = useIdempotentCreate((body: GroupCreateBody, key: string) =>
    ok(api.POST('/api/groups', { body, params: idempotencyKeyParams(key) })),
  );
  return useMutation({
    mutationFn: create,
    meta: { quiet: true },
    onSuccess: async (group) => {
      queryClient.setQueryData(groupKeys.detail(group.group_id), group);
      notify.success(t('toasts.created'));
      await refreshGroupViews(queryClient);
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** PUT /groups/{id}: the details, and the whole member list when `clients` is sent. */
export function useUpdateGroup(id: number) {
  const { t } = useTranslation('groups');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupUpdateBody) =>
      ok(api.PUT('/api/groups/{id}', { params: { path: { id } }, body })),
    meta: { quiet: true },
    onSuccess: async (group: Group) => {
      queryClient.setQueryData(groupKeys.detail(id), group);
      notify.success(t('toasts.updated'));
      // Spec §4: on save the profile reloads; new members may change the plan check too.
      await Promise.all([
        refreshGroupViews(queryClient, id),
        queryClient.invalidateQueries({ queryKey: groupKeys.planCheck(id) }),
      ]);
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** DELETE /groups/{id}, then to the group list, the group gone from the cache. */
export function useDeleteGroup(id: number) {
  const { t } = useTranslation('groups');
  const queryClient = useQueryClient();
  const leaveDeleted = useLeaveDeleted();
  return useMutation({
    mutationFn: () => ok(api.DELETE('/api/groups/{id}', { params: { path: { id } } })),
    meta: { quiet: true },
    onSuccess: async () => {
      notify.success(t('toasts.deleted'));
      await leaveDeleted('/groups', groupKeys.detail(id));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
      ]);
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}
