import { describe, expect, it } from 'vitest';
import { EARLIEST_DATE, isNotTooEarly, latestNoteDate } from './dates.ts';
import { ID_MAX, ID_OUT_OF_RANGE, idSchema } from './validators.ts';

describe('the id schema', () => {
  it('takes positive whole numbers up to the database integer range, from numbers or path text', () => {
    expect(idSchema().parse(1)).toBe(1);
    expect(idSchema().parse('2147483647')).toBe(ID_MAX);
  });

  it('marks an id beyond the range as one that names no record', () => {
    const result = idSchema().safeParse(2147483648);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([ID_OUT_OF_RANGE]);
  });

  it('refuses what is not an id at all, with an ordinary message', () => {
    for (const value of [0, -1, 1.5, 'abc']) {
      const result = idSchema().safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues.some((i) => i.message === ID_OUT_OF_RANGE)).toBe(false);
    }
  });
});

describe('date ranges', () => {
  it('starts every date at 1900-01-01', () => {
    expect(EARLIEST_DATE).toBe('1900-01-01');
    expect(isNotTooEarly('1900-01-01')).toBe(true);
    expect(isNotTooEarly('1899-12-31')).toBe(false);
  });

  it('lets a note be dated up to a year ahead', () => {
    expect(latestNoteDate(new Date(2026, 10, 24))).toBe('2027-11-24');
  });
});
