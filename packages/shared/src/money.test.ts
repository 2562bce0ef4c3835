import { describe, expect, it } from 'vitest';
import { formatMoney, toCents } from './money.ts';

describe('formatMoney (spec §9: $, 2 decimals, thousands commas)', () => {
  it('writes dollars with cents and commas', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$5.00');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(999.99)).toBe('$999.99');
    expect(formatMoney(1000)).toBe('$1,000.00');
    expect(formatMoney(1234.56)).toBe('$1,234.56');
    expect(formatMoney(9999999.99)).toBe('$9,999,999.99');
  });

  it('rounds to the cent instead of showing floating-point noise', () => {
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(1.005 * 1000)).toBe('$1,005.00');
  });

  it('puts the sign before the dollar sign', () => {
    expect(formatMoney(-1234.5)).toBe('-$1,234.50');
  });
});

describe('toCents', () => {
  it('turns dollars into whole cents', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.07)).toBe(7);
    expect(toCents(1234.56)).toBe(123456);
  });
});

describe('formatMoney in Canadian French', () => {
  it('follows the locale: space for thousands, comma for cents, dollar sign after', () => {
    expect(formatMoney(1234.5, 'fr-CA').replace(/\s/g, ' ')).toBe('1 234,50 $');
  });
});
