import { groupBulkInteractionBodySchema, type GroupBulkResult } from '@cairn/shared/groups.schemas';
import { interactionRecordListSchema, type InteractionRecord } from '@cairn/shared/interactions.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, idempotencyKeyParams, ok } from './api-client.ts';
import { clientKeys } from './client-queries.ts';
import i18n from './i18n.ts';
import { notify } from './notify.ts';
import { useIdempotentCreate } from './record-mutations.ts';
import { validatedBody } from './validated-body.ts';

/** A per-client sum by interaction type (spec §3). */
export interface InteractionSum {
  interaction_id: number;
  name: string;
  total: number;
}

export const interactionKeys = {
  types: ['interactions', 'types'] as const,
};

/** Groups' own keys: a bulk recording changes what group screens show. */
const groupsKey = ['groups'] as const;

/** GET /interactions: the interaction types, a short list that changes only with a release. */
export function useInteractionTypes() {
  return useQuery({
    queryKey: interactionKeys.types,
    queryFn: ({ signal }) => ok(api.GET('/api/interactions', { signal })),
    staleTime: 60 * 60 * 1000,
  });
}

/** GET /clients/{id}/interactions: the client's totals per interaction type. */
export function useClientInteractionSums(clientId: number) {
  return useQuery({
    queryKey: clientKeys.interactions(clientId),
    queryFn: ({ signal }) =>
      ok(api.GET('/api/clients/{id}/interactions', { params: { path: { id: clientId } }, signal })),
  });
}

/**
 * GET /clients/minimal: the clients whose name matches `search`, for the client autocomplete.
 * The previous answer stays on screen while the next one is on its way, so the list never flickers.
 */
export function useClientOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: clientKeys.options(search),
    queryFn: ({ signal }) =>
      ok(
        api.GET('/api/clients/minimal', {
          params: { query: { limit: 20, ...(search ? { s: search } : {}) } },
          signal,
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Who the interactions are for: one client, or every member of a group. */
export type InteractionTarget = { clientId: number } | { groupId: number };

export interface RecordInteractionsInput {
  target: InteractionTarget;
  records: InteractionRecord[];
}

/**
 * Records interactions: PUT /clients/{id}/interactions appends the records of one client;
 * POST /groups/{id}/bulk-create/interaction records them for every member of a group.
 * A failure toasts the generic message (query-client.ts) and leaves the form as it was.
 */
export function useRecordInteractions() {
  const queryClient = useQueryClient();
  const create = useIdempotentCreate(
    (
      { target, records }: RecordInteractionsInput,
      key: string,
    ): Promise<InteractionSum[] | GroupBulkResult> =>
      'clientId' in target
        ? ok(
            api.PUT('/api/clients/{id}/interactions', {
              params: { path: { id: target.clientId }, ...idempotencyKeyParams(key) },
              body: validatedBody(
                interactionRecordListSchema,
                records,
                `/api/clients/${target.clientId}/interactions`,
              ),
            }),
          )
        : ok(
            api.POST('/api/groups/{id}/bulk-create/interaction', {
              params: { path: { id: target.groupId }, ...idempotencyKeyParams(key) },
              body: validatedBody(
                groupBulkInteractionBodySchema,
                records,
                `/api/groups/${target.groupId}/bulk-create/interaction`,
              ),
            }),
          ),
  );
  return useMutation({
    mutationFn: create,
    onSuccess: (result, { target }) => {
      if ('clientId' in target) {
        // The answer is the client's new totals; anything else, ask for them.
        if (Array.isArray(result)) queryClient.setQueryData(clientKeys.interactions(target.clientId), result);
        else void queryClient.invalidateQueries({ queryKey: clientKeys.interactions(target.clientId) });
        notify.success(i18n.t('interactions:toasts.recorded'));
      } else {
        // Every member's totals may have changed.
        void queryClient.invalidateQueries({ queryKey: clientKeys.all });
        void queryClient.invalidateQueries({ queryKey: groupsKey });
        notify.success(i18n.t('interactions:toasts.groupRecorded'));
      }
    },
  });
}
