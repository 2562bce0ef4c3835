import { describe, expect, it } from 'vitest';
import { englishOf } from './wording.ts';
import { applyOutcomeSaveRules, needsEmploymentDetails, needsIncompleteReason } from './outcome-rules.ts';
import { outcomeBodySchema } from './outcomes.schemas.ts';

const base = {
  plan_id: 1,
  date: '2026-01-15',
  program_outcome: 'Complete',
  incomplete_reason: null,
  post_program_status: 'Returned to school',
  employment_type: null,
  job_title: null,
  received_certificate: 'Yes',
};

describe('outcome conditions (spec §4)', () => {
  it('asks for an incomplete reason for any program outcome but Complete', () => {
    expect(needsIncompleteReason('Complete')).toBe(false);
    expect(needsIncompleteReason('')).toBe(false);
    expect(needsIncompleteReason(null)).toBe(false);
    for (const o of ['Incomplete', 'Cancelled', 'Rescheduled']) expect(needsIncompleteReason(o)).toBe(true);
  });

  it('asks for employment details for Employed and Self-employed only', () => {
    expect(needsEmploymentDetails('Employed')).toBe(true);
    expect(needsEmploymentDetails('Self-employed')).toBe(true);
    expect(needsEmploymentDetails('Returned to school')).toBe(false);
  });
});

describe('applyOutcomeSaveRules (spec §4 clearing on save)', () => {
  it('clears the incomplete reason when Complete', () => {
    expect(applyOutcomeSaveRules({ ...base, incomplete_reason: 'Moved' }).incomplete_reason).toBeNull();
  });

  it('keeps the incomplete reason when not Complete', () => {
    const o = { ...base, program_outcome: 'Cancelled', incomplete_reason: 'Moved' };
    expect(applyOutcomeSaveRules(o).incomplete_reason).toBe('Moved');
  });

  it('clears employment type and job title unless Employed or Self-employed', () => {
    const o = applyOutcomeSaveRules({ ...base, employment_type: 'Casual', job_title: 'Cook' });
    expect([o.employment_type, o.job_title]).toEqual([null, null]);
    const kept = applyOutcomeSaveRules({
      ...base,
      post_program_status: 'Self-employed',
      employment_type: 'Permanent',
      job_title: 'Carpenter',
    });
    expect([kept.employment_type, kept.job_title]).toEqual(['Permanent', 'Carpenter']);
  });
});

describe('outcomeBodySchema', () => {
  const issues = (body: Record<string, unknown>) => {
    const r = outcomeBodySchema.safeParse(body);
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), englishOf(i.message)]));
  };

  it('requires the incomplete reason when shown', () => {
    expect(issues({ ...base, program_outcome: 'Incomplete' })).toEqual({
      incomplete_reason: 'This field is required',
    });
  });

  it('requires the employment type when shown, the job title stays optional', () => {
    expect(issues({ ...base, post_program_status: 'Employed' })).toEqual({
      employment_type: 'This field is required',
    });
    expect(issues({ ...base, post_program_status: 'Employed', employment_type: 'Casual' })).toEqual({});
  });

  it('requires date, program outcome, post-program status and certificate, and refuses a future date', () => {
    expect(
      issues({ ...base, date: '', program_outcome: '', post_program_status: '', received_certificate: '' }),
    ).toEqual({
      date: 'This field is required',
      program_outcome: 'This field is required',
      post_program_status: 'This field is required',
      received_certificate: 'This field is required',
    });
    expect(issues({ ...base, date: '2999-01-01' })).toEqual({ date: "Date can't be in the future" });
  });

  it('clears answers that no longer apply', () => {
    const out = outcomeBodySchema.parse({ ...base, incomplete_reason: 'Moved', job_title: 'Cook' });
    expect([out.incomplete_reason, out.job_title]).toEqual([null, null]);
  });
});
