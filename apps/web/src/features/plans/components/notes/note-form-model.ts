import { todayIso } from '@cairn/shared/dates';
import { noteBodySchema, noteMatches, type Note } from '@cairn/shared/notes.schemas';
import type { NotePayload } from '../../api/note-mutations.ts';

export interface NoteFormValues {
  topic: string;
  date: string;
  notes: string;
  flag: boolean;
}

/** A new note is dated today unless the writer says otherwise. */
export function emptyNoteForm(today: string = todayIso()): NoteFormValues {
  return { topic: '', date: today, notes: '', flag: false };
}

export function noteFormValuesOf(note: Note): NoteFormValues {
  return { topic: note.topic, date: note.date, notes: note.notes, flag: note.flag };
}

/** The form's checks: the API body's, without the ids the tab supplies. */
export const noteFormSchema = noteBodySchema.omit({ note_id: true, plan_id: true });

export function noteBodyOf(planId: number, values: NoteFormValues): NotePayload {
  return noteBodySchema.parse({ ...values, plan_id: planId });
}

/** The whole note as it stands with its flag turned over: PUT replaces every field. */
export function flagToggledBodyOf(note: Note): NotePayload {
  return noteBodyOf(note.plan_id, { ...noteFormValuesOf(note), flag: !note.flag });
}

/** The notes the search keeps, in the server's order (newest first, then flagged first). */
export function searchNotes(notes: readonly Note[], query: string): Note[] {
  return notes.filter((note) => noteMatches(note, query));
}
