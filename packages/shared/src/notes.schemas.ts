import { z } from 'zod';
import { isIsoDate, isNotTooEarly, latestNoteDate } from './dates.ts';
import { message } from './messages.ts';
import { idSchema, isoDate, isoDateTime, requiredText } from './validators.ts';
import { nameSchemas } from './api-names.ts';

/** Spec §5 and §9: note limits. */
export const NOTE_LIMITS = { topicMax: 64, notesMax: 2048 } as const;

/**
 * POST /notes and PUT /notes/{id} (spec §3 Note, §5: a note's date is required, any day): from
 * EARLIEST_DATE to a year ahead, since a note may plan a later step.
 */
export const noteBodySchema = z.object({
  /** -1 (or absent) for a new note (spec §4); ignored by the server, which reads the path. */
  note_id: z.coerce.number().int().optional(),
  plan_id: idSchema(message('required')),
  topic: requiredText(NOTE_LIMITS.topicMax),
  date: z
    .string({ error: message('required') })
    .trim()
    .min(1, message('required'))
    .refine(isIsoDate, message('date'))
    .refine((v) => !isIsoDate(v) || isNotTooEarly(v), message('dateTooEarly'))
    .refine((v) => !isIsoDate(v) || v <= latestNoteDate(), message('noteDateTooLate'))
    .meta({ format: 'date' }),
  notes: requiredText(NOTE_LIMITS.notesMax),
  flag: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export type NoteBody = z.input<typeof noteBodySchema>;

export const noteSchema = z.object({
  note_id: z.number().int(),
  plan_id: z.number().int(),
  topic: z.string(),
  date: isoDate,
  notes: z.string(),
  flag: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Note = z.infer<typeof noteSchema>;
export const noteListSchema = z.array(noteSchema);

/**
 * The notes list's search: the query matches the topic or the body, ignoring case (what users
 * expect; spec §5 describes a search that missed capitalised words).
 */
export function noteMatches(note: Pick<Note, 'topic' | 'notes'>, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return true;
  return note.topic.toLocaleLowerCase().includes(q) || note.notes.toLocaleLowerCase().includes(q);
}

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  NoteBody: noteBodySchema,
  Note: noteSchema,
});
