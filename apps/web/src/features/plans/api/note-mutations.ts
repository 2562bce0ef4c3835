import type { Note, noteBodySchema } from '@cairn/shared/notes.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { planKeys } from '../../../lib/plan-queries.ts';

/** A note as sent, checked and cleaned by the shared schema. */
export type NotePayload = z.output<typeof noteBodySchema>;

/**
 * Quiet, like every form's save: the form puts a 400's messages on its fields, and the toast says
 * a refused rule in the server's words, anything else generically (spec §8).
 */
function useNoteMutation<V, R>(
  planId: number,
  send: (variables: V) => Promise<R>,
  toastKey: 'created' | 'updated' | 'deleted',
) {
  const { t } = useTranslation('plan-records');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { quiet: true },
    // Refetched rather than patched: a new date or flag moves the note in the server's order. The
    // save ends once the list is fresh, so a new note can be shown as soon as it is saved.
    onSuccess: async () => {
      notify.success(t(`notes.toasts.${toastKey}`));
      await queryClient.invalidateQueries({ queryKey: planKeys.records(planId, 'notes') });
    },
    onError: (error) => notify.error(failureMessage(error)),
  });
}

/** POST /notes. */
export function useCreateNote(planId: number) {
  return useNoteMutation(planId, (body: NotePayload) => api<Note>('POST', '/notes', { body }), 'created');
}

/** PUT /notes/{id}: an edit, or the flag turned on or off. */
export function useUpdateNote(planId: number) {
  return useNoteMutation(
    planId,
    ({ id, body }: { id: number; body: NotePayload }) => api<Note>('PUT', `/notes/${id}`, { body }),
    'updated',
  );
}

/** DELETE /notes/{id}. */
export function useDeleteNote(planId: number) {
  return useNoteMutation(planId, (id: number) => api<void>('DELETE', `/notes/${id}`), 'deleted');
}
