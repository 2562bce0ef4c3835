import type { Note, noteBodySchema } from '@cairn/shared/notes.schemas';
import type { z } from 'zod';
import { planKeys } from '../../../lib/plan-queries.ts';
import { api, idempotencyKeyParams, ok } from '../../../lib/api-client.ts';
import { recordMutations } from '../../../lib/record-mutations.ts';

/** A note as sent, checked and cleaned by the shared schema. */
export type NotePayload = z.output<typeof noteBodySchema>;

const notes = recordMutations<NotePayload, Note, number>({
  send: {
    create: (body, key) => ok(api.POST('/api/notes', { body, params: idempotencyKeyParams(key) })),
    update: (id, body) => ok(api.PUT('/api/notes/{id}', { params: { path: { id } }, body })),
    remove: (id) => ok(api.DELETE('/api/notes/{id}', { params: { path: { id } } })),
  },
  namespace: 'plan-records',
  toasts: 'notes.toasts',
  // Refetched rather than patched: a new date or flag moves the note in the server's order. The
  // save ends once the list is fresh, so a new note can be shown as soon as it is saved.
  refresh: (queryClient, planId) =>
    queryClient.invalidateQueries({ queryKey: planKeys.records(planId, 'notes') }),
});

/** POST /notes for a new note, PUT /notes/{id} for an edit. */
export const useSaveNote = notes.useSave;
/** PUT /notes/{id}: an edit, or the flag turned on or off. */
export const useUpdateNote = notes.useUpdate;
/** DELETE /notes/{id}. */
export const useDeleteNote = notes.useDelete;
