import { describe, expect, it } from 'vitest';
import { englishOf } from './wording.ts';
import { noteMatches } from './notes.schemas.ts';
import { planCreateBodySchema, planTrainingInputSchema } from './plans.schemas.ts';
import { moneyValue, spendingBodySchema } from './spendings.schemas.ts';

describe('moneyValue (spec §5)', () => {
  it('takes digits with up to 2 decimals, as text or a number', () => {
    expect(moneyValue.parse('12')).toBe(12);
    expect(moneyValue.parse('1234.5')).toBe(1234.5);
    expect(moneyValue.parse('0.99')).toBe(0.99);
    expect(moneyValue.parse(45.25)).toBe(45.25);
  });

  it('turns an empty value into 0', () => {
    expect(moneyValue.parse('')).toBe(0);
    expect(moneyValue.parse(null)).toBe(0);
  });

  it("refuses anything else with 'must be a monetary value'", () => {
    for (const bad of ['12.345', 'abc', '-5', '1,000', '$5', '.5']) {
      const r = moneyValue.safeParse(bad);
      expect(r.success ? 'ok' : englishOf(r.error.issues[0]?.message), bad).toBe('must be a monetary value');
    }
  });

  it('refuses an amount too large for one line', () => {
    expect(englishOf(moneyValue.safeParse('10000000').error?.issues[0]?.message)).toBe(
      'must be less than $10,000,000.00',
    );
    expect(moneyValue.parse('9999999.99')).toBe(9999999.99);
  });
});

describe('spendingBodySchema', () => {
  it('defaults work gear to false and an empty description to null', () => {
    const out = spendingBodySchema.parse({
      plan_id: 1,
      date: '2026-05-01',
      item: 'Boots',
      value: '',
      description: '',
    });
    expect(out).toMatchObject({ value: 0, work_gear: false, description: null });
  });
});

describe('planTrainingInputSchema NOC (spec §5)', () => {
  const training = (noc: unknown) => ({ training_id: 1, date: '2026-05-01', noc });

  it('takes NOC 2016 (4 digits), NOC 2021 (5 digits) or nothing', () => {
    expect(planTrainingInputSchema.parse(training('7271')).noc).toBe('7271');
    expect(planTrainingInputSchema.parse(training('72010')).noc).toBe('72010');
    expect(planTrainingInputSchema.parse(training('')).noc).toBeNull();
  });

  it("refuses other values with the spec's words", () => {
    for (const bad of ['727', '727110', '72a1', '7201a']) {
      expect(englishOf(planTrainingInputSchema.safeParse(training(bad)).error?.issues[0]?.message)).toBe(
        'must be a valid NOC',
      );
    }
  });
});

describe('planCreateBodySchema', () => {
  it('requires the start date and current employment', () => {
    const r = planCreateBodySchema.safeParse({ client_id: 1, date: '', current_employment: '' });
    const fields = Object.fromEntries(
      (r.error?.issues ?? []).map((i) => [i.path.join('.'), englishOf(i.message)]),
    );
    expect(fields).toEqual({ date: 'This field is required', current_employment: 'This field is required' });
  });
});

describe('noteMatches', () => {
  const note = { topic: 'Resume review', notes: 'Talked about the Forklift ticket.' };

  it('matches topic or body whatever the case', () => {
    expect(noteMatches(note, 'resume')).toBe(true);
    expect(noteMatches(note, 'FORKLIFT')).toBe(true);
    expect(noteMatches(note, '  ')).toBe(true);
    expect(noteMatches(note, 'interview')).toBe(false);
  });
});
