import type { Note } from '@cairn/shared/notes.schemas';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import {
  emptyNoteForm,
  flagToggledBodyOf,
  noteBodyOf,
  noteFormSchema,
  searchNotes,
} from './note-form-model.ts';

const validate = schemaValidator(noteFormSchema);

function note(id: number, topic: string, notes: string, patch: Partial<Note> = {}): Note {
  return {
    note_id: id,
    plan_id: 4,
    topic,
    date: '2026-02-03',
    notes,
    flag: false,
    created_at: '',
    updated_at: '',
    ...patch,
  };
}

describe('the note form (spec §5 Note)', () => {
  it('requires the topic, the date and the notes', () => {
    const errors = validate({ ...emptyNoteForm(''), topic: ' ' });
    expect(errors).toMatchObject({
      topic: 'This field is required',
      date: 'This field is required',
      notes: 'This field is required',
    });
  });

  it('limits the topic to 64 and the notes to 2048 characters', () => {
    const errors = validate({
      ...emptyNoteForm('2026-02-03'),
      topic: 't'.repeat(65),
      notes: 'n'.repeat(2049),
    });
    expect(errors).toMatchObject({
      topic: 'must be less than 64 characters',
      notes: 'must be less than 2048 characters',
    });
  });

  it('sends the note trimmed, for its plan', () => {
    const body = noteBodyOf(4, {
      topic: ' Call ',
      date: '2026-02-03',
      notes: ' Left a message ',
      flag: true,
    });
    expect(body).toMatchObject({ plan_id: 4, topic: 'Call', notes: 'Left a message', flag: true });
  });

  it('flags a note by sending it whole with the flag turned over', () => {
    const body = flagToggledBodyOf(note(9, 'Call', 'Left a message', { flag: true }));
    expect(body).toMatchObject({
      plan_id: 4,
      topic: 'Call',
      date: '2026-02-03',
      notes: 'Left a message',
      flag: false,
    });
  });
});

describe('the notes search (spec §5 Search)', () => {
  const notes = [
    note(1, 'Resume review', 'Updated the layout'),
    note(2, 'Bus pass', 'Bought a MONTHLY pass'),
  ];

  it('matches the topic or the body, whatever the case', () => {
    expect(searchNotes(notes, 'RESUME').map((n) => n.note_id)).toEqual([1]);
    expect(searchNotes(notes, 'monthly').map((n) => n.note_id)).toEqual([2]);
  });

  it('keeps every note, in order, for an empty query, and none when nothing matches', () => {
    expect(searchNotes(notes, '  ').map((n) => n.note_id)).toEqual([1, 2]);
    expect(searchNotes(notes, 'interview')).toEqual([]);
  });
});
