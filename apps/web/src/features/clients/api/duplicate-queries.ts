import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { clientKeys } from '../../../lib/client-queries.ts';
import { notify } from '../../../lib/notify.ts';

const duplicateKeys = {
  all: [...clientKeys.all, 'duplicates'] as const,
  page: (page: number, perPage: number) => [...clientKeys.all, 'duplicates', page, perPage] as const,
};

/** GET /clients/duplicates: one page of the likely pairs, best first; the last page stays up while the next loads. */
export function useDuplicateList(page: number, perPage: number) {
  return useQuery({
    queryKey: duplicateKeys.page(page, perPage),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/clients/duplicates', { params: { query: { page, per_page: perPage } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /clients/duplicates/dismiss: the two are different people; the list is read again. */
export function useDismissDuplicate() {
  const { t } = useTranslation('clients');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pair: { client_id: number; other_id: number; names: { client: string; other: string } }) =>
      ok(
        api.POST('/api/clients/duplicates/dismiss', {
          body: { client_id: pair.client_id, other_id: pair.other_id },
        }),
      ),
    meta: { quiet: true },
    onSuccess: (_answer, pair) => {
      void queryClient.invalidateQueries({ queryKey: duplicateKeys.all });
      notify.success(t('duplicates.toasts.dismissed', pair.names));
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}
