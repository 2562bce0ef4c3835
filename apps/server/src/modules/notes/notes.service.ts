import type { Note, noteBodySchema } from '@cairn/shared/notes.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requirePlanAccess } from '../plans/plan-access.ts';
import * as repo from './notes.repository.ts';

type NoteInput = z.output<typeof noteBodySchema>;

function values(input: NoteInput): repo.NoteValues {
  return { topic: input.topic, date: input.date, notes: input.notes, flag: input.flag };
}

export async function listNotes(db: Db, actor: Actor, planId: number): Promise<Note[]> {
  await requirePlanAccess(db, actor, planId);
  return repo.listNotes(db, planId);
}

/** Adds a note to the plan the body names, which the caller must be able to reach. */
export async function createNote(db: Db, actor: Actor, input: NoteInput): Promise<Note> {
  await requirePlanAccess(db, actor, input.plan_id);
  return answerConstraints(
    () => repo.insertNote(db, { ...values(input), planId: input.plan_id, createdBy: actor.userId }),
    // The plan was deleted between the check and the insert.
    { [repo.NOTES_PLAN_FK]: notFound },
  );
}

/**
 * Saves the note the path names, flag included (flagging is an edit of the note). A note stays on
 * its plan: the body's plan_id is not a way to move it, so it is ignored.
 */
export async function updateNote(db: Db, actor: Actor, noteId: number, input: NoteInput): Promise<Note> {
  await requireNoteAccess(db, actor, noteId);
  const saved = await repo.updateNote(db, noteId, values(input));
  if (!saved) throw notFound();
  return saved;
}

export async function deleteNote(db: Db, actor: Actor, noteId: number): Promise<void> {
  await requireNoteAccess(db, actor, noteId);
  if (!(await repo.deleteNote(db, noteId))) throw notFound();
}

/** 404 unless the note exists and its plan is within the caller's reach. */
async function requireNoteAccess(db: Db, actor: Actor, noteId: number): Promise<void> {
  const planId = await repo.findNotePlan(db, noteId);
  if (planId === undefined) throw notFound();
  await requirePlanAccess(db, actor, planId);
}
