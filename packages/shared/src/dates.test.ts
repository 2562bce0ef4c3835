import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate, isNotInFuture, isoWeekMonday, todayIso } from './dates.ts';

describe('todayIso', () => {
  it('writes the local date as YYYY-MM-DD', () => {
    expect(todayIso(new Date(2025, 0, 5, 9, 30))).toBe('2025-01-05');
    expect(todayIso(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
  });
});

describe('isIsoDate', () => {
  it.each(['2024-02-29', '2025-04-30', '2000-02-29', '1999-12-31'])('accepts %s', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });

  it.each([
    ['2025-02-29', 'not a leap year'],
    ['1900-02-29', 'a century that is not a leap year'],
    ['2025-04-31', 'April has 30 days'],
    ['2025-13-01', 'no 13th month'],
    ['2025-00-10', 'no month 0'],
    ['2025-01-00', 'no day 0'],
    ['2025-1-01', 'month without its leading zero'],
    ['25-01-01', 'two-digit year'],
    ['2025/01/01', 'slashes'],
    ['2025-01-01T00:00', 'a time'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });
});

describe('isNotInFuture', () => {
  const noon = new Date(2025, 5, 15, 12, 0);
  it('accepts today and the past', () => {
    expect(isNotInFuture('2025-06-15', noon)).toBe(true);
    expect(isNotInFuture('2025-06-14', noon)).toBe(true);
    expect(isNotInFuture('1950-01-01', noon)).toBe(true);
  });

  it('refuses tomorrow and later', () => {
    expect(isNotInFuture('2025-06-16', noon)).toBe(false);
    expect(isNotInFuture('2026-01-01', noon)).toBe(false);
  });

  it('goes by the local date, up to the last minute of the day', () => {
    const lateEvening = new Date(2025, 5, 15, 23, 59);
    expect(isNotInFuture('2025-06-15', lateEvening)).toBe(true);
    expect(isNotInFuture('2025-06-16', lateEvening)).toBe(false);
  });
});

describe('addDays and isoWeekMonday', () => {
  it('counts calendar days across months and years', () => {
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('finds the Monday of the ISO week', () => {
    expect(isoWeekMonday('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(isoWeekMonday('2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(isoWeekMonday('2027-01-01')).toBe('2026-12-28');
  });
});
