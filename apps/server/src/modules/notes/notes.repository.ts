import type { Note } from '@cairn/shared/notes.schemas';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
import { notes } from '../../db/schema/plan-records.ts';

/** The foreign key tying a note to its plan: violated when the plan is deleted meanwhile. */
export const NOTES_PLAN_FK = 'notes_plan_id_plans_plan_id_fk';

export interface NoteValues {
  topic: string;
  date: string;
  notes: string;
  flag: boolean;
}

const columns = {
  note_id: notes.noteId,
  plan_id: notes.planId,
  topic: notes.topic,
  date: notes.date,
  notes: notes.notes,
  flag: notes.flag,
  created_at: isoText(notes.createdAt),
  updated_at: isoText(notes.updatedAt),
};

/** A plan's notes, newest first (notes_plan_idx); on the same day flagged ones first, then the later-written. */
export async function listNotes(db: Executor, planId: number): Promise<Note[]> {
  const rows = await db
    .select(columns)
    .from(notes)
    .where(eq(notes.planId, planId))
    .orderBy(desc(notes.date), desc(notes.flag), desc(notes.noteId));
  return rows;
}

export async function insertNote(
  db: Executor,
  values: NoteValues & { planId: number; createdBy: number },
): Promise<Note> {
  const [row] = await db.insert(notes).values(values).returning(columns);
  return row!;
}

/** Saves a note in place (its plan never changes); undefined when it is gone. */
export async function updateNote(
  db: Executor,
  noteId: number,
  values: NoteValues,
): Promise<Note | undefined> {
  const [row] = await db
    .update(notes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(notes.noteId, noteId))
    .returning(columns);
  return row;
}

export async function deleteNote(db: Executor, noteId: number): Promise<boolean> {
  const rows = await db.delete(notes).where(eq(notes.noteId, noteId)).returning({ noteId: notes.noteId });
  return rows.length > 0;
}
