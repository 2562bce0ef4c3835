import { describe, expect, it } from 'vitest';
import {
  checkTexts,
  hasForbiddenCharacter,
  MAX_NESTING,
  nestsDeeperThan,
  normaliseText,
} from './text-rules.ts';

describe('the text rule', () => {
  it('refuses NUL and other control characters, keeps tab, line feed and carriage return', () => {
    expect(hasForbiddenCharacter('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacter('bell\u0007')).toBe(true);
    expect(hasForbiddenCharacter('del\u007f')).toBe(true);
    expect(hasForbiddenCharacter('tab\there\r\nnext line')).toBe(false);
    expect(hasForbiddenCharacter('Émilie 🌲')).toBe(false);
  });

  it('normalises to NFC', () => {
    expect(normaliseText('E\u0301milie')).toBe('Émilie');
  });

  it('names the first bad field of a request part, nested or in a key, and normalises the rest in place', () => {
    const body = { topic: 'E\u0301', items: [{ other_name: 'ok' }, { other_name: 'x\u001fy' }] };
    expect(checkTexts(body)).toBe('items.1.other_name');
    expect(body.topic).toBe('É');
    expect(checkTexts({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(checkTexts('\u0000')).toBe('');
    expect(checkTexts({ n: 1, flag: true, none: null, list: ['a', 'b'] })).toBeUndefined();
  });
});

describe('deep nesting', () => {
  const nested = (levels: number) => {
    let value: unknown = 'x\u0000';
    for (let i = 0; i < levels; i += 1) value = { a: [value] };
    return value;
  };

  it('walks 100,000 levels (50,000 objects in arrays) without overflowing the stack', () => {
    expect(checkTexts(nested(50_000))).toMatch(/^a\.0\.a\.0\./);
    expect(nestsDeeperThan(nested(50_000))).toBe(true);
  });

  it('counts levels of objects and arrays against the limit', () => {
    expect(nestsDeeperThan({ a: 1 })).toBe(false);
    expect(nestsDeeperThan('text')).toBe(false);
    expect(nestsDeeperThan(nested(MAX_NESTING / 2))).toBe(false); // two levels each
    expect(nestsDeeperThan(nested(MAX_NESTING / 2 + 1))).toBe(true);
    expect(nestsDeeperThan([[1]], 2)).toBe(false);
    expect(nestsDeeperThan([[[1]]], 2)).toBe(true);
  });
});
