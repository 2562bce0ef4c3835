import { describe, expect, it } from 'vitest';
import { excerptOf } from './help.service.ts';

const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `word${from + i}`).join(' ');

describe('a search excerpt', () => {
  it('is the whole text around a match in a short text, with the match apart', () => {
    const text = 'Choose Save to keep the changes.';
    expect(excerptOf(text, text.indexOf('Save'), 4)).toEqual({
      before: 'Choose ',
      match: 'Save',
      after: ' to keep the changes.',
    });
  });

  it('cuts a long text at spaces on both sides, with an ellipsis where text was left out', () => {
    const text = `${words(40)} NEEDLE ${words(60, 40)}`;
    const { before, match, after } = excerptOf(text, text.indexOf('NEEDLE'), 6);
    expect(match).toBe('NEEDLE');
    expect(before.startsWith('…word')).toBe(true);
    expect(after.endsWith('…')).toBe(true);
    expect(`${before}${match}${after}`.length).toBeLessThan(text.length);
    // Whole words only: every word shown is one of the text's.
    for (const word of `${before}${after}`.replace(/…/g, '').trim().split(/\s+/)) {
      expect(text.split(' ')).toContain(word);
    }
  });

  it('is the start of the text when the match is in the title only', () => {
    const text = words(100);
    const { before, match, after } = excerptOf(text, -1, 0);
    expect([before, match]).toEqual(['', '']);
    expect(after.startsWith('word0 word1')).toBe(true);
    expect(after.endsWith('…')).toBe(true);
    expect(excerptOf('Short body.', -1, 0).after).toBe('Short body.');
  });
});
