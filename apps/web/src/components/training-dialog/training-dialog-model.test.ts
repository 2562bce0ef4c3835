import { describe, expect, it } from 'vitest';
import { trainingAnswersOf, trainingStepErrors } from './training-dialog-model.ts';

const valid = { other_name: '', date: '2026-01-15', noc: '' };

describe('trainingStepErrors (spec §5 Training dialog)', () => {
  it('requires a date that is not in the future', () => {
    expect(trainingStepErrors(0, { ...valid, date: '' }, false)).toEqual({ date: 'This field is required' });
    expect(trainingStepErrors(0, { ...valid, date: '2999-12-31' }, false)).toEqual({
      date: "Date can't be in the future",
    });
    expect(trainingStepErrors(0, valid, false)).toEqual({});
  });

  it('requires a name only for Other', () => {
    expect(trainingStepErrors(0, valid, true)).toEqual({ other_name: 'This field is required' });
    expect(trainingStepErrors(0, { ...valid, other_name: 'Chainsaw safety' }, true)).toEqual({});
    expect(trainingStepErrors(0, { ...valid, other_name: 'x'.repeat(65) }, true)).toEqual({
      other_name: 'must be less than 64 characters',
    });
  });

  it('takes no NOC, or 4 digits (NOC 2016) or 5 (NOC 2021), on step 2', () => {
    expect(trainingStepErrors(1, valid, false)).toEqual({});
    expect(trainingStepErrors(1, { ...valid, noc: '7511' }, false)).toEqual({});
    expect(trainingStepErrors(1, { ...valid, noc: '75110' }, false)).toEqual({});
    for (const noc of ['751', '751100', '75a1']) {
      expect(trainingStepErrors(1, { ...valid, noc }, false)).toEqual({ noc: 'must be a valid NOC' });
    }
  });

  it('checks only the fields of the step shown', () => {
    expect(trainingStepErrors(0, { ...valid, noc: '1' }, false)).toEqual({});
    expect(trainingStepErrors(1, { ...valid, date: '' }, false)).toEqual({});
  });
});

describe('trainingAnswersOf', () => {
  it('sends an empty NOC as null and a name only for Other', () => {
    expect(trainingAnswersOf({ other_name: ' Chainsaw ', date: '2026-01-15', noc: ' ' }, true)).toEqual({
      date: '2026-01-15',
      noc: null,
      other_name: 'Chainsaw',
    });
    expect(trainingAnswersOf({ other_name: 'x', date: '2026-01-15', noc: '7511' }, false)).toEqual({
      date: '2026-01-15',
      noc: '7511',
      other_name: null,
    });
  });
});
