import { clientCreateBodySchema } from '@cairn/shared/clients.schemas';
import type {
  clientCreateResponseSchema,
  duplicateCheckBodySchema,
  duplicateCheckResponseSchema,
} from '@cairn/shared/clients.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { clientKeys } from '../../../lib/client-queries.ts';
import { useIdempotentCreate } from '../../../lib/record-mutations.ts';
import { validatedBody } from '../../../lib/validated-body.ts';
import type { ClientBody } from '../components/fields/client-form-values.ts';

export type ClientCreateResponse = z.infer<typeof clientCreateResponseSchema>;
export type DuplicateCheckBody = z.input<typeof duplicateCheckBodySchema>;
export type DuplicateMatch = z.infer<typeof duplicateCheckResponseSchema>['matches'][number];

/**
 * POST /clients. Quiet: the intake shows a 400's messages on its fields and toasts anything
 * else itself, keeping everything typed.
 */
export function useCreateClient() {
  const queryClient = useQueryClient();
  const create = useIdempotentCreate((body: ClientBody, key: string) =>
    ok(
      api.POST('/api/clients', {
        body: validatedBody(clientCreateBodySchema, body, '/api/clients'),
        params: idempotencyKeyParams(key),
      }),
    ),
  );
  return useMutation({
    mutationFn: create,
    meta: { quiet: true },
    onSuccess: ({ id, client }) => {
      queryClient.setQueryData(clientKeys.detail(id), client);
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}

/**
 * POST /clients/duplicates: clients already on file with the same name and date of birth, or
 * the same SIN. Only a warning, so a failed check says nothing and the intake goes on.
 */
export function useDuplicateCheck() {
  return useMutation({
    mutationFn: async (body: DuplicateCheckBody) =>
      (await ok(api.POST('/api/clients/duplicates', { body }))).matches,
    meta: { quiet: true },
  });
}
