import { outcomeBodySchema } from '@cairn/shared/outcomes.schemas';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import {
  emptyOutcomeForm,
  outcomeBodyOf,
  outcomeQuestionsOf,
  type OutcomeFormValues,
} from './outcome-form-model.ts';

const validate = schemaValidator(outcomeBodySchema);

const complete: OutcomeFormValues = {
  ...emptyOutcomeForm(5, '2026-03-02'),
  program_outcome: 'Complete',
  post_program_status: 'Returned to school',
  received_certificate: 'Yes',
};

describe('the outcome form (spec §4 Outcome, §5 Outcome)', () => {
  it('requires the date, program outcome, post-program status and certificate answer', () => {
    expect(validate(emptyOutcomeForm(5, ''))).toMatchObject({
      date: 'This field is required',
      program_outcome: 'This field is required',
      post_program_status: 'This field is required',
      received_certificate: 'This field is required',
    });
    expect(validate(complete)).toEqual({});
  });

  it('refuses a date in the future', () => {
    expect(validate({ ...complete, date: '2999-01-01' }).date).toBe("Date can't be in the future");
  });

  it('asks why when the program was not completed, and for the job when employed', () => {
    expect(outcomeQuestionsOf(complete)).toEqual({ incompleteReason: false, employmentDetails: false });
    const values = { ...complete, program_outcome: 'Incomplete', post_program_status: 'Self-employed' };
    expect(outcomeQuestionsOf(values)).toEqual({ incompleteReason: true, employmentDetails: true });
    expect(validate(values)).toEqual({
      incomplete_reason: 'This field is required',
      employment_type: 'This field is required',
    });
    expect(validate({ ...values, incomplete_reason: 'Moved', employment_type: 'Casual' })).toEqual({});
  });

  it('asks nothing more before a program outcome is chosen', () => {
    expect(outcomeQuestionsOf(emptyOutcomeForm(5)).incompleteReason).toBe(false);
  });

  it('limits the job title to 64 characters', () => {
    const values = {
      ...complete,
      post_program_status: 'Employed',
      employment_type: 'Casual',
      job_title: 'j'.repeat(65),
    };
    expect(validate(values).job_title).toBe('must be less than 64 characters');
  });

  it('clears the answers that no longer apply when saving', () => {
    const body = outcomeBodyOf({
      ...complete,
      incomplete_reason: 'Moved',
      employment_type: 'Casual',
      job_title: 'Cook',
    });
    expect(body).toMatchObject({ incomplete_reason: null, employment_type: null, job_title: null });
  });

  it('keeps the answers the outcome asks for, an empty job title as nothing', () => {
    const body = outcomeBodyOf({
      ...complete,
      program_outcome: 'Cancelled',
      incomplete_reason: 'Medical issues',
      post_program_status: 'Employed',
      employment_type: 'Permanent',
      job_title: '',
    });
    expect(body).toMatchObject({
      plan_id: 5,
      incomplete_reason: 'Medical issues',
      employment_type: 'Permanent',
      job_title: null,
    });
  });
});
