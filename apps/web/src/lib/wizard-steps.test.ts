import type { FormErrors } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { firstFieldWithError, stepBefore, stepShowing, submitMove, type WizardStep } from './wizard-steps.ts';

const steps: WizardStep[] = [
  { key: 'details', fields: ['name', 'date'] },
  { key: 'more', fields: ['kind'] },
  { key: 'confirm', fields: ['agreed'] },
];

interface Values {
  name: string;
  date: string;
  kind: string;
  agreed: boolean;
}

const answered: Values = { name: 'Aiyana', date: '2026-01-05', kind: 'A', agreed: true };

/** Each step requires its own fields; records which steps were checked. */
function checker() {
  const checked: number[] = [];
  const check = (step: number, values: Values): FormErrors => {
    checked.push(step);
    const errors: FormErrors = {};
    for (const field of steps[step]!.fields) {
      if (!values[field as keyof Values]) errors[field] = 'required';
    }
    return errors;
  };
  return { check, checked };
}

describe('submitMove', () => {
  it('opens the next step when the step on screen checks out', () => {
    const { check, checked } = checker();
    expect(submitMove(steps, 0, answered, check)).toEqual({ to: 'next', step: 1 });
    expect(checked).toEqual([0]);
  });

  it('checks only the step on screen before Next, whatever later steps hold', () => {
    const { check, checked } = checker();
    expect(submitMove(steps, 0, { ...answered, kind: '', agreed: false }, check)).toEqual({
      to: 'next',
      step: 1,
    });
    expect(checked).toEqual([0]);
  });

  it("stays on the step with the step's messages when it does not check out", () => {
    const { check } = checker();
    expect(submitMove(steps, 1, { ...answered, kind: '' }, check)).toEqual({
      to: 'errors',
      step: 1,
      errors: { kind: 'required' },
    });
  });

  it('checks every step on the last one and shows the first with a message before saving', () => {
    const { check, checked } = checker();
    expect(submitMove(steps, 2, { ...answered, date: '', kind: '' }, check)).toEqual({
      to: 'errors',
      step: 0,
      errors: { date: 'required' },
    });
    expect(checked).toEqual([0]);
  });

  it('saves on the last step once every step checks out', () => {
    const { check, checked } = checker();
    expect(submitMove(steps, 2, answered, check)).toEqual({ to: 'save' });
    expect(checked).toEqual([0, 1, 2]);
  });

  it('saves a one-step wizard at once when it checks out', () => {
    const { check } = checker();
    expect(submitMove(steps.slice(0, 1), 0, answered, check)).toEqual({ to: 'save' });
  });
});

describe('stepBefore', () => {
  it('goes back one step and no further than the first', () => {
    expect(stepBefore(2)).toBe(1);
    expect(stepBefore(1)).toBe(0);
    expect(stepBefore(0)).toBe(0);
  });
});

describe('stepShowing', () => {
  it('finds the first step showing one of the fields', () => {
    expect(stepShowing(steps, ['agreed', 'kind'])).toBe(1);
    expect(stepShowing(steps, ['date'])).toBe(0);
  });

  it('answers null when no step shows any of them', () => {
    expect(stepShowing(steps, ['barriers.0.name'])).toBeNull();
    expect(stepShowing(steps, [])).toBeNull();
  });
});

describe('firstFieldWithError', () => {
  it("takes the step's own order, not the messages' order", () => {
    expect(firstFieldWithError(steps[0]!, { date: 'required', name: 'required' })).toBe('name');
    expect(firstFieldWithError(steps[0]!, { date: 'required' })).toBe('date');
  });

  it('finds none when the messages are about other steps', () => {
    expect(firstFieldWithError(steps[0]!, { kind: 'required' })).toBeUndefined();
  });
});
