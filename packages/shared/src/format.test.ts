import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatLongDate,
  formatLongDateTime,
  formatMomentDate,
  formatShortDate,
  formatTime,
  localeOf,
  truncate,
} from './format.ts';

describe('truncate', () => {
  it('keeps text at or under the limit as it is', () => {
    expect(truncate('Morning circle', 15, 12)).toBe('Morning circle');
    expect(truncate('Fifteen letters', 15, 12)).toBe('Fifteen letters');
    expect(truncate('', 15, 12)).toBe('');
  });

  it('cuts a group name over 15 characters to 12 plus an ellipsis (spec §9)', () => {
    expect(truncate('Sixteen letters!', 15, 12)).toBe('Sixteen lett...');
    expect(truncate('Wednesday employment workshop', 15, 12)).toBe('Wednesday em...');
  });

  it('cuts a description over 60 characters to 57 plus three dots (spec §9)', () => {
    const long = 'a'.repeat(61);
    expect(truncate(long, 60, 57)).toBe(`${'a'.repeat(57)}...`);
    expect(truncate('a'.repeat(60), 60, 57)).toBe('a'.repeat(60));
  });

  it('keeps `max` characters when no separate count is given', () => {
    expect(truncate('abcdefghij', 5)).toBe('abcde...');
  });

  it('uses another suffix when asked', () => {
    expect(truncate('Wednesday employment workshop', 15, 12, '…')).toBe('Wednesday em…');
  });

  it('drops a space left at the cut', () => {
    expect(truncate('Youth group one and two', 15, 12)).toBe('Youth group...');
  });

  it('counts accented letters and emoji as one character each', () => {
    expect(truncate('Métis Nation Circle', 15, 12)).toBe('Métis Nation...');
    // The same name with the accent written as a separate combining mark.
    const decomposed = 'Métis Nation Circle'.normalize('NFD');
    expect(truncate(decomposed, 15, 12)).toBe(`${'Métis Nation'.normalize('NFD')}...`);
    expect(truncate('Métis Nation 12'.normalize('NFD'), 15, 12)).toBe('Métis Nation 12'.normalize('NFD'));
    const emoji = '🌲'.repeat(16);
    expect(truncate(emoji, 15, 12)).toBe(`${'🌲'.repeat(12)}...`);
  });
});

describe('spending truncation (spec §9)', () => {
  it('cuts an item over 32 characters and a description over 64 to that many plus three dots', () => {
    expect(truncate('a'.repeat(32), 32)).toBe('a'.repeat(32));
    expect(truncate('a'.repeat(33), 32)).toBe(`${'a'.repeat(32)}...`);
    expect(truncate('b'.repeat(64), 64)).toBe('b'.repeat(64));
    expect(truncate('b'.repeat(65), 64)).toBe(`${'b'.repeat(64)}...`);
  });
});

describe('formatLongDate and formatShortDate', () => {
  it("writes 'MMMM D, YYYY' and 'MMM D, YYYY' from YYYY-MM-DD", () => {
    expect(formatLongDate('2026-04-01')).toBe('April 1, 2026');
    expect(formatLongDate('2027-03-31')).toBe('March 31, 2027');
    expect(formatShortDate('2026-09-05')).toBe('Sep 5, 2026');
    expect(formatShortDate('2026-12-25')).toBe('Dec 25, 2026');
  });

  it('reads the date part of a timestamp without shifting it by a time zone', () => {
    expect(formatLongDate('2026-01-01T00:30:00-05:00')).toBe('January 1, 2026');
  });
});

describe('dates in the active locale', () => {
  it('writes the same dates through Intl in Canadian French', () => {
    expect(formatLongDate('2026-04-01', 'fr-CA')).toBe('1 avril 2026');
  });

  it("writes a moment as 'YYYY-MM-DD hh:mma' in the given time zone (spec §2, Last Updated)", () => {
    expect(formatDateTime('2026-01-05T20:04:00Z', 'en-CA', 'America/Toronto')).toBe('2026-01-05 03:04pm');
    expect(formatDateTime('2026-07-01T04:30:00Z', 'en-CA', 'America/Toronto')).toBe('2026-07-01 12:30am');
    expect(formatDateTime('2026-07-01T16:30:00Z', 'en-CA', 'America/Vancouver')).toBe('2026-07-01 09:30am');
  });

  it("writes a moment as 'MMMM DD, YYYY hh:mma' in the given time zone (spec §2, Group Details)", () => {
    expect(formatLongDateTime('2026-01-05T20:04:00Z', 'en-CA', 'America/Toronto')).toBe(
      'January 05, 2026 03:04pm',
    );
    expect(formatLongDateTime('2026-07-01T04:30:00Z', 'en-CA', 'America/Toronto')).toBe(
      'July 01, 2026 12:30am',
    );
  });

  it("writes the day of a moment as 'MMMM D, YYYY' where the reader is (spec §9, group list)", () => {
    expect(formatMomentDate('2026-01-06T02:00:00Z', 'en-CA', 'America/Toronto')).toBe('January 5, 2026');
    expect(formatMomentDate('2026-01-06T02:00:00Z', 'en-CA', 'UTC')).toBe('January 6, 2026');
  });

  it('maps the app language to a Canadian locale', () => {
    expect(localeOf('en')).toBe('en-CA');
    expect(localeOf('fr')).toBe('fr-CA');
    expect(localeOf(undefined)).toBe('en-CA');
    expect(localeOf('en-CA')).toBe('en-CA');
  });
});

describe('formatTime', () => {
  it("writes a moment's hours and minutes in the locale and the reader's time zone", () => {
    expect(formatTime('2026-11-27T15:42:10Z', 'en-CA', 'America/Toronto')).toBe('10:42 a.m.');
    expect(formatTime('2026-11-27T15:42:10Z', 'en-US', 'America/Vancouver')).toBe('7:42 AM');
    expect(formatTime('2026-11-27T15:42:10Z', 'fr-CA', 'America/Toronto')).toBe('10 h 42');
  });

  it('writes moments in French in French order and words, never in English order', () => {
    expect(formatLongDateTime('2026-01-05T20:04:00Z', 'fr-CA', 'America/Toronto')).toBe(
      '5 janvier 2026 à 15 h 04',
    );
    expect(formatDateTime('2026-01-05T20:04:00Z', 'fr-CA', 'America/Toronto')).toBe('2026-01-05 15 h 04');
    expect(formatLongDateTime('2026-01-05T20:04:00Z', 'en-CA', 'America/Toronto')).toBe(
      'January 05, 2026 03:04pm',
    );
    expect(formatDateTime('2026-01-05T20:04:00Z', 'en-CA', 'America/Toronto')).toBe('2026-01-05 03:04pm');
  });
});
