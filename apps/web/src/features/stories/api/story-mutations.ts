import type { Story, storyBodySchema } from '@cairn/shared/stories.schemas';
import type { z } from 'zod';
import { clientKeys } from '../../../lib/client-queries.ts';
import { api, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { recordMutations } from '../../../lib/record-mutations.ts';
import { storyKeys } from './story-queries.ts';

/** A story as sent, checked and trimmed by the shared schema. */
export type StoryPayload = z.output<typeof storyBodySchema>;

const stories = recordMutations<StoryPayload, Story, number>({
  send: {
    create: (body, key) => ok(api.POST('/api/stories', { body, params: idempotencyKeyParams(key) })),
    update: (id, body) => ok(api.PUT('/api/stories/{id}', { params: { path: { id } }, body })),
    remove: (id) => ok(api.DELETE('/api/stories/{id}', { params: { path: { id } } })),
  },
  namespace: 'stories',
  toasts: 'toasts',
  // The client is refetched too: the side menu counts its stories. The save ends once the list is
  // fresh, so the form closes onto the story as saved.
  refresh: (queryClient, clientId) => {
    void queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId), exact: true });
    return queryClient.invalidateQueries({ queryKey: storyKeys.ofClient(clientId) });
  },
});

/** POST /stories for a new story, PUT /stories/{id} for an edit. */
export const useSaveStory = stories.useSave;
/** DELETE /stories/{id}. */
export const useDeleteStory = stories.useDelete;
