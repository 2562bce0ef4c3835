import type { Note, noteBodySchema } from '@cairn/shared/notes.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { notFound, orNotFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import * as repo from './notes.repository.ts';

type NoteInput = z.output<typeof noteBodySchema>;

function values(input: NoteInput): repo.NoteValues {
  return { topic: input.topic, date: input.date, notes: input.notes, flag: input.flag };
}

export async function listNotes(db: Db, actor: Actor, planId: number): Promise<Note[]> {
  await requireRecord(db, actor, 'plan', planId);
  return repo.listNotes(db, planId);
}

/** Adds a note to the plan the body names, which the caller must be able to reach. */
export async function createNote(db: Db, actor: Actor, input: NoteInput): Promise<Note> {
  return answerConstraints(
    () =>
      writeWithin(db, actor, 'plan', input.plan_id, (tx) =>
        repo.insertNote(tx, { ...values(input), planId: input.plan_id, createdBy: actor.userId }),
      ),
    // The plan was deleted between the check and the insert.
    { [repo.NOTES_PLAN_FK]: notFound },
  );
}

/**
 * Saves the note the path names, flag included (flagging is an edit of the note). A note stays on
 * its plan: the body's plan_id is not a way to move it, so it is ignored.
 */
export async function updateNote(db: Db, actor: Actor, noteId: number, input: NoteInput): Promise<Note> {
  return writeWithin(db, actor, 'note', noteId, (tx) =>
    orNotFound(repo.updateNote(tx, noteId, values(input))),
  );
}

export async function deleteNote(db: Db, actor: Actor, noteId: number): Promise<void> {
  await writeWithin(db, actor, 'note', noteId, (tx) => orNotFound(repo.deleteNote(tx, noteId)));
}
