import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../../../lib/schema-validator.ts';
import {
  emptySpendingForm,
  spendingBodyOf,
  spendingFormSchemaIn,
  spendingFormValuesOf,
} from './spending-form-model.ts';

const validate = schemaValidator(spendingFormSchemaIn('en'));
const validateFr = schemaValidator(spendingFormSchemaIn('fr'));

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

  it("says 'must be a monetary value' for anything but an amount with up to 2 decimals", () => {
    for (const value of ['12.345', 'abc', '$12', '1,2000', '-5']) {
      expect(validate({ ...emptySpendingForm('2026-05-02'), item: 'Boots', value }).value).toBe(
        'must be a monetary value',
      );
    }
    for (const value of ['12.5', '12,5', '1,200', '1,200.50', '1 200,50'])
      expect(validate({ ...emptySpendingForm('2026-05-02'), item: 'Boots', value }), value).toEqual({});
  });

  it("reads the value the user's language's way (issue 34)", () => {
    const line = { ...emptySpendingForm('2026-05-02'), item: 'Bottes' };
    expect(spendingBodyOf(7, { ...line, value: '125,50' }, 'fr').value).toBe(125.5);
    expect(spendingBodyOf(7, { ...line, value: '1\u00a0234,56' }, 'fr').value).toBe(1234.56);
    expect(spendingBodyOf(7, { ...line, value: '1,234' }, 'en').value).toBe(1234);
    // In French ',' is the decimal comma: '1,234' would have three decimals.
    expect(validateFr({ ...line, value: '1,234' }).value).toBe('must be a monetary value');
    expect(validateFr({ ...line, value: '1 234,5' })).toEqual({});
  });

  it('requires the item and refuses a future date', () => {
    const errors = validate({ ...emptySpendingForm('2999-01-01') });
    expect(errors.item).toBe('This field is required');
    expect(errors.date).toBe("Date can't be in the future");
  });

  it('sends an empty value as 0 and an empty description as null', () => {
    const body = spendingBodyOf(7, { ...emptySpendingForm('2026-05-02'), item: ' Boots ' }, 'en');
    expect(body).toMatchObject({ plan_id: 7, item: 'Boots', value: 0, description: null, work_gear: false });
  });

  it('edits a line with its value in dollars and cents, in the language', () => {
    const line = {
      spending_id: 3,
      plan_id: 7,
      date: '2026-05-02',
      item: 'Bus pass',
      value: 1200.5,
      work_gear: true,
      description: null,
      created_at: '',
      updated_at: '',
    };
    const values = spendingFormValuesOf(line, 'en');
    expect(values).toEqual({
      date: '2026-05-02',
      item: 'Bus pass',
      value: '1200.50',
      work_gear: true,
      description: '',
    });
    expect(spendingBodyOf(7, values, 'en').value).toBe(1200.5);
    const french = spendingFormValuesOf(line, 'fr');
    expect(french.value).toBe('1200,50');
    expect(spendingBodyOf(7, french, 'fr').value).toBe(1200.5);
  });
});
