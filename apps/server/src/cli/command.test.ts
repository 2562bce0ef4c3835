import { describe, expect, it } from 'vitest';
import { UsageError, wholeNumber } from './command.ts';

describe('wholeNumber: a command-line option that must be a whole number', () => {
  it('answers the number within its bounds', () => {
    expect(wholeNumber('rows', '10000', { min: 1, max: 50_000 }, 'usage')).toBe(10_000);
    expect(wholeNumber('runs', '0', { min: 0 }, 'usage')).toBe(0);
    expect(wholeNumber('seed', '-3', { min: -Number.MAX_SAFE_INTEGER }, 'usage')).toBe(-3);
  });

  it.each([undefined, '', ' ', '1.5', 'ten', '0x10', '1e3', '0', '50001', 'Infinity'])(
    'refuses %j, naming the option and its bounds, then the usage',
    (text) => {
      const call = () => wholeNumber('rows', text, { min: 1, max: 50_000 }, 'Usage: …');
      expect(call).toThrow(UsageError);
      expect(call).toThrow('--rows must be a whole number from 1 to 50000.\n\nUsage: …');
    },
  );

  it('says "or more" without an upper bound', () => {
    expect(() => wholeNumber('duration', '0', { min: 1 }, 'u')).toThrow(
      '--duration must be a whole number 1 or more.',
    );
  });
});
