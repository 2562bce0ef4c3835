import type { ClientMergeBody } from '@cairn/shared/client-merge.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { clientKeys } from '../../../lib/client-queries.ts';
import { notify } from '../../../lib/notify.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

const previewKey = (keptId: number, otherId: number) =>
  ['clients', 'detail', keptId, 'merge', otherId] as const;

/** GET /clients/{id}/merge?other_id=: what merging the other client into this one would move. */
export function useMergePreview(keptId: number, otherId: number | null) {
  return useQuery({
    queryKey: previewKey(keptId, otherId ?? 0),
    queryFn: ({ signal }) =>
      ok(
        api.GET('/api/clients/{id}/merge', {
          params: { path: { id: keptId }, query: { other_id: otherId! } },
          signal,
        }),
      ),
    enabled: otherId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * POST /clients/{id}/merge; then the kept client's profile with a toast. Quiet: a refusal (both
 * plans open, the other client merged meanwhile) is toasted in the server's words.
 */
export function useMergeClients(keptId: number, onMerged: () => void) {
  const { t } = useTranslation('clients');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientMergeBody) =>
      ok(api.POST('/api/clients/{id}/merge', { params: { path: { id: keptId } }, body })),
    meta: { quiet: true },
    onSuccess: (client, body) => {
      queryClient.setQueryData(clientKeys.detail(keptId), client);
      queryClient.removeQueries({ queryKey: clientKeys.detail(body.other_id) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      void queryClient.invalidateQueries({ queryKey: planKeys.ofClient(keptId) });
      notify.success(t('merge.toasts.merged', { name: client.full_name }));
      onMerged();
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** The other client of a merge, once one is chosen (the profile's own query and cache entry). */
export function useOtherClient(otherId: number | null) {
  return useQuery({
    queryKey: clientKeys.detail(otherId ?? 0),
    queryFn: ({ signal }) => ok(api.GET('/api/clients/{id}', { params: { path: { id: otherId! } }, signal })),
    enabled: otherId !== null,
  });
}
