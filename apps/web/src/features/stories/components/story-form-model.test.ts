import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../../lib/schema-validator.ts';
import { emptyStoryForm, storyBodyOf, storyFormSchema, storyFormValuesOf } from './story-form-model.ts';

const validate = schemaValidator(storyFormSchema);

describe('the story form (spec §5 Story)', () => {
  it('starts on today with an empty write-up', () => {
    expect(emptyStoryForm('2026-06-30')).toEqual({ date: '2026-06-30', writeup: '' });
  });

  it('requires the date and the write-up', () => {
    expect(validate({ date: '', writeup: '  ' })).toEqual({
      date: 'This field is required',
      writeup: 'This field is required',
    });
  });

  it('refuses a date in the future and a write-up over 2048 characters', () => {
    expect(validate({ date: '2999-01-01', writeup: 'w'.repeat(2049) })).toEqual({
      date: "Date can't be in the future",
      writeup: 'must be less than 2048 characters',
    });
    expect(validate({ date: '2026-01-01', writeup: 'w'.repeat(2048) })).toEqual({});
  });

  it('sends the write-up trimmed, for the client', () => {
    expect(storyBodyOf(12, { date: '2026-01-01', writeup: ' Found work as a welder. ' })).toEqual({
      client_id: 12,
      date: '2026-01-01',
      writeup: 'Found work as a welder.',
    });
  });

  it('edits a story as it was written', () => {
    const story = {
      story_id: 3,
      client_id: 12,
      date: '2026-01-01',
      writeup: 'Hired',
      created_at: '',
      updated_at: '',
    };
    expect(storyFormValuesOf(story)).toEqual({ date: '2026-01-01', writeup: 'Hired' });
  });
});
