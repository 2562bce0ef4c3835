import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import {
  emptySpendingForm,
  spendingBodyOf,
  spendingFormSchema,
  spendingFormValuesOf,
} from './spending-form-model.ts';

const validate = schemaValidator(spendingFormSchema);

describe('the line item form (spec §5 Spending)', () => {
  it('starts on today with an empty value and no work gear', () => {
    expect(emptySpendingForm('2026-05-02')).toEqual({
      date: '2026-05-02',
      item: '',
      value: '',
      work_gear: false,
      description: '',
    });
  });

  it("says 'must be a monetary value' for anything but digits with up to 2 decimals", () => {
    for (const value of ['12.345', 'abc', '$12', '1,200', '-5']) {
      expect(validate({ ...emptySpendingForm('2026-05-02'), item: 'Boots', value }).value).toBe(
        'must be a monetary value',
      );
    }
    expect(validate({ ...emptySpendingForm('2026-05-02'), item: 'Boots', value: '12.5' })).toEqual({});
  });

  it('requires the item and refuses a future date', () => {
    const errors = validate({ ...emptySpendingForm('2999-01-01') });
    expect(errors.item).toBe('This field is required');
    expect(errors.date).toBe("Date can't be in the future");
  });

  it('sends an empty value as 0 and an empty description as null', () => {
    const body = spendingBodyOf(7, { ...emptySpendingForm('2026-05-02'), item: ' Boots ' });
    expect(body).toMatchObject({ plan_id: 7, item: 'Boots', value: 0, description: null, work_gear: false });
  });

  it('edits a line with its value in dollars and cents', () => {
    const values = spendingFormValuesOf({
      spending_id: 3,
      plan_id: 7,
      date: '2026-05-02',
      item: 'Bus pass',
      value: 1200.5,
      work_gear: true,
      description: null,
      created_at: '',
      updated_at: '',
    });
    expect(values).toEqual({
      date: '2026-05-02',
      item: 'Bus pass',
      value: '1200.50',
      work_gear: true,
      description: '',
    });
    expect(spendingBodyOf(7, values).value).toBe(1200.5);
  });
});
