import type { Story, storyBodySchema } from '@cairn/shared/stories.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { clientKeys } from '../../../lib/client-queries.ts';
import { notify } from '../../../lib/notify.ts';
import { storyKeys } from './story-queries.ts';

/** A story as sent, checked and trimmed by the shared schema. */
export type StoryPayload = z.output<typeof storyBodySchema>;

/**
 * Quiet, like every form's save: the form puts a 400's messages on its fields, and the toast says
 * a refused rule in the server's words, anything else generically (spec §8). The client is
 * refetched too: the side menu counts its stories.
 */
function useStoryMutation<V, R>(
  clientId: number,
  send: (variables: V) => Promise<R>,
  toastKey: 'created' | 'updated' | 'deleted',
) {
  const { t } = useTranslation('stories');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { quiet: true },
    // The save ends once the list is fresh, so the form closes onto the story as saved.
    onSuccess: async () => {
      notify.success(t(`toasts.${toastKey}`));
      void queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId), exact: true });
      await queryClient.invalidateQueries({ queryKey: storyKeys.ofClient(clientId) });
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** POST /stories. */
export function useCreateStory(clientId: number) {
  return useStoryMutation(
    clientId,
    (body: StoryPayload) => api<Story>('POST', '/stories', { body }),
    'created',
  );
}

/** PUT /stories/{id}. */
export function useUpdateStory(clientId: number) {
  return useStoryMutation(
    clientId,
    ({ id, body }: { id: number; body: StoryPayload }) => api<Story>('PUT', `/stories/${id}`, { body }),
    'updated',
  );
}

/** DELETE /stories/{id}. */
export function useDeleteStory(clientId: number) {
  return useStoryMutation(clientId, (id: number) => api<void>('DELETE', `/stories/${id}`), 'deleted');
}
