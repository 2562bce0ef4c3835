import type { CentreBody } from '@cairn/shared/centres.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { useIdempotentCreate } from '../../../lib/record-mutations.ts';
import { notify } from '../../../lib/notify.ts';
import { centreKeys } from '../../../lib/centre-queries.ts';

/** Users carry their centre's name, so a renamed centre changes what user screens show. */
const usersKey = ['users'] as const;

/** Spec §8: a failed centre creation shows no message; the form still shows a 400's field messages. */
export function useCreateCentre() {
  const queryClient = useQueryClient();
  const create = useIdempotentCreate((body: CentreBody, key: string) =>
    ok(api.POST('/api/centres', { body, params: idempotencyKeyParams(key) })),
  );
  return useMutation({
    mutationFn: create,
    meta: { quiet: true },
    onSuccess: ({ id, centre }) => {
      queryClient.setQueryData(centreKeys.detail(id), centre);
      void queryClient.invalidateQueries({ queryKey: centreKeys.list() });
    },
  });
}

export function useUpdateCentre(id: number) {
  const { t } = useTranslation('centres');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CentreBody) => ok(api.PUT('/api/centres/{id}', { params: { path: { id } }, body })),
    meta: { quiet: true },
    onSuccess: (centre) => {
      queryClient.setQueryData(centreKeys.detail(id), centre);
      // Spec §4: on save the profile reloads from the server.
      void queryClient.invalidateQueries({ queryKey: centreKeys.all });
      void queryClient.invalidateQueries({ queryKey: usersKey });
      notify.success(t('toasts.updated'));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}
