import { clientUpdateBodySchema } from '@cairn/shared/clients.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { clientKeys } from '../../../lib/client-queries.ts';
import { notify } from '../../../lib/notify.ts';
import { planKeys } from '../../../lib/plan-queries.ts';
import { useLeaveDeleted } from '../../../lib/use-leave-deleted.ts';
import { validatedBody } from '../../../lib/validated-body.ts';
import type { ClientBody } from '../components/fields/client-form-values.ts';

/** PUT /clients/{id} with the whole client; `sin` left out keeps the stored one, null removes it. */
export type ClientUpdate = Omit<ClientBody, 'sin'> & { sin?: string | null };

/**
 * Saves a profile tab. Quiet: the form puts a 400's messages on its fields, and the toast names
 * a refused rule or permission in the server's words, anything else generically (spec §8).
 */
export function useUpdateClient(clientId: number) {
  const { t } = useTranslation('clients');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientUpdate) =>
      ok(
        api.PUT('/api/clients/{id}', {
          params: { path: { id: clientId } },
          body: validatedBody(clientUpdateBodySchema, body, `/api/clients/${clientId}`),
        }),
      ),
    meta: { quiet: true },
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(clientId), client);
      // Spec §4: on save the data reloads; the list shows the new name and flag too.
      void queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId), exact: true });
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['clients', 'options'] });
      notify.success(t('profile.toasts.updated'));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** DELETE /clients/{id}, then back to the client list (spec §4), the client gone from the cache. */
export function useDeleteClient(clientId: number) {
  const { t } = useTranslation('clients');
  const queryClient = useQueryClient();
  const leaveDeleted = useLeaveDeleted();
  return useMutation({
    mutationFn: () => ok(api.DELETE('/api/clients/{id}', { params: { path: { id: clientId } } })),
    meta: { quiet: true },
    onSuccess: async () => {
      notify.success(t('profile.toasts.deleted'));
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['clients', 'options'] });
      await leaveDeleted('/clients', clientKeys.detail(clientId), planKeys.ofClient(clientId));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/**
 * POST /clients/{id}/sin/reveal. A mutation, not a query: the number is never kept in the
 * query cache, only by the component showing it, for as long as it is shown.
 */
export function useRevealSin(clientId: number) {
  return useMutation({
    mutationFn: () => ok(api.POST('/api/clients/{id}/sin/reveal', { params: { path: { id: clientId } } })),
    // Keep nothing of the answer once the component has taken it.
    gcTime: 0,
  });
}
