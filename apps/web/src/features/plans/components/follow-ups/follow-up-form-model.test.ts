import type { FollowUp } from '@cairn/shared/follow-ups.schemas';
import { followUpBodySchema } from '@cairn/shared/follow-ups.schemas';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import {
  followUpBodyOf,
  followUpFormValuesOf,
  followUpInputOf,
  followUpQuestionsOf,
  type FollowUpFormValues,
} from './follow-up-form-model.ts';

const validateBody = schemaValidator(followUpBodySchema);
const validate = (values: FollowUpFormValues) => validateBody(followUpInputOf(values));

const scheduled: FollowUp = {
  follow_up_id: 7,
  plan_id: 3,
  month: 3,
  due_date: '2026-05-01',
  status: 'due',
  contact_date: null,
  reached: null,
  post_program_status: null,
  hours: null,
  employment_type: null,
  job_title: null,
  noc: null,
  note: null,
  recorded_by: null,
  recorded_at: null,
};

const employed: FollowUpFormValues = {
  ...followUpFormValuesOf(scheduled, '2026-05-03'),
  reached: 'yes',
  post_program_status: 'Employed',
  hours: 'Full time',
  employment_type: 'Permanent',
  job_title: 'Baker',
  noc: '63202',
  note: 'Called at home.',
};

describe('the follow-up form', () => {
  it('opens a follow-up not recorded on a contact today, reached unanswered', () => {
    expect(followUpFormValuesOf(scheduled, '2026-05-03')).toEqual({
      contact_date: '2026-05-03',
      reached: '',
      post_program_status: '',
      hours: '',
      employment_type: '',
      job_title: '',
      noc: '',
      note: '',
    });
    expect(followUpFormValuesOf({ ...scheduled, contact_date: '2026-04-30', reached: false }).reached).toBe(
      'no',
    );
  });

  it('requires the contact date, whether reached, and when reached the status', () => {
    expect(validate({ ...followUpFormValuesOf(scheduled, ''), reached: '' })).toEqual({
      contact_date: 'This field is required',
      reached: 'This field is required',
    });
    expect(validate({ ...employed, post_program_status: '', employment_type: '' })).toEqual({
      post_program_status: 'This field is required',
    });
    expect(validate({ ...employed, employment_type: '' })).toEqual({
      employment_type: 'This field is required',
    });
    expect(validate(employed)).toEqual({});
  });

  it('words the limits as the other forms do', () => {
    expect(
      validate({ ...employed, contact_date: '2999-01-01', noc: '12', job_title: 'x'.repeat(65) }),
    ).toEqual({
      contact_date: "Date can't be in the future",
      noc: 'must be a valid NOC',
      job_title: 'must be less than 64 characters',
    });
  });

  it('asks for the job only when reached and employed, and sends only what applies', () => {
    expect(followUpQuestionsOf(employed)).toEqual({ reached: true, employmentDetails: true });
    expect(followUpQuestionsOf({ ...employed, reached: 'no' })).toEqual({
      reached: false,
      employmentDetails: false,
    });
    expect(followUpBodyOf({ ...employed, reached: 'no' })).toEqual({
      contact_date: '2026-05-03',
      reached: false,
      post_program_status: null,
      hours: null,
      employment_type: null,
      job_title: null,
      noc: null,
      note: 'Called at home.',
    });
    expect(followUpBodyOf({ ...employed, post_program_status: 'Returned to school' })).toMatchObject({
      hours: 'Full time',
      employment_type: null,
      job_title: null,
      noc: '63202',
    });
  });
});
