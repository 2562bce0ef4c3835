import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client.ts';

export const storyKeys = {
  ofClient: (clientId: number) => ['stories', 'client', clientId] as const,
};

/** GET /clients/{id}/stories: the client's success stories, newest first. */
export function useStories(clientId: number) {
  return useQuery({
    queryKey: storyKeys.ofClient(clientId),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/clients/{id}/stories', { params: { path: { id: clientId } }, signal })),
  });
}
