import { describe, expect, it } from 'vitest';
import { truncate } from './format.ts';

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
