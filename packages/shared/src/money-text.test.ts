import { describe, expect, it } from 'vitest';
import { moneyInputText, parseMoneyText } from './money-text.ts';
import { moneyValue, moneyValueIn } from './spendings.schemas.ts';
import { englishOf } from './wording.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('parseMoneyText (issue 34)', () => {
  it('reads a decimal point or a decimal comma, in either language', () => {
    for (const locale of ['en', 'fr', undefined] as const) {
      expect(parseMoneyText('125.50', locale)).toBe(125.5);
      expect(parseMoneyText('125,50', locale)).toBe(125.5);
      expect(parseMoneyText('125,5', locale)).toBe(125.5);
      expect(parseMoneyText('0,99', locale)).toBe(0.99);
      expect(parseMoneyText('12', locale)).toBe(12);
      expect(parseMoneyText(' 12.05 ', locale)).toBe(12.05);
    }
  });

  it('reads thousands grouped by spaces, as French writes them (no-break ones too)', () => {
    for (const locale of ['en', 'fr', undefined] as const) {
      expect(parseMoneyText('1 234,56', locale)).toBe(1234.56);
      expect(parseMoneyText(`1${NBSP}234,56`, locale)).toBe(1234.56);
      expect(parseMoneyText(`1${NNBSP}234${NNBSP}567,8`, locale)).toBe(1234567.8);
      expect(parseMoneyText('1 234', locale)).toBe(1234);
      expect(parseMoneyText('1 234.56', locale)).toBe(1234.56);
    }
  });

  it('reads thousands grouped by the mark that is not the decimal one', () => {
    for (const locale of ['en', 'fr', undefined] as const) {
      expect(parseMoneyText('1,234.50', locale)).toBe(1234.5);
      expect(parseMoneyText('1,234,567.89', locale)).toBe(1234567.89);
      expect(parseMoneyText('1.234,50', locale)).toBe(1234.5);
      // The same mark twice can only separate thousands.
      expect(parseMoneyText('1,234,567', locale)).toBe(1234567);
    }
  });

  it("lets the language settle '1,234': thousands in English, three decimals (refused) in French", () => {
    expect(parseMoneyText('1,234', 'en')).toBe(1234);
    expect(parseMoneyText('12,345', 'en')).toBe(12345);
    expect(parseMoneyText('1,234', 'fr')).toBeNull();
    // Without a language (the API) it is refused: the same request means the same amount for all.
    expect(parseMoneyText('1,234', undefined)).toBeNull();
    // '.' is the decimal point in both languages: three decimals.
    for (const locale of ['en', 'fr', undefined] as const) expect(parseMoneyText('1.234', locale)).toBeNull();
  });

  it('refuses everything else', () => {
    const bad = [
      '',
      'abc',
      '-5',
      '$5',
      '5 $',
      '.5',
      ',5',
      '12.345',
      '12,345.6.7',
      '1,234,56', // one mark as both the thousands and the decimal one
      '1,234 567', // two kinds of thousands separators
      '12 34', // not groups of three
      '1234 567',
      '1  234',
      '1 234 ,56',
      '1e3',
      '12.',
      '١٢',
    ];
    for (const text of bad)
      for (const locale of ['en', 'fr', undefined] as const)
        expect(parseMoneyText(text, locale), `${text} in ${locale}`).toBeNull();
  });
});

describe('moneyInputText', () => {
  it("shows an amount for editing in the language's own way, which reads back the same", () => {
    expect(moneyInputText(1200.5, 'en')).toBe('1200.50');
    expect(moneyInputText(1200.5, 'fr')).toBe('1200,50');
    expect(moneyInputText(0.1 + 0.2, 'fr')).toBe('0,30');
    for (const locale of ['en', 'fr'] as const)
      for (const amount of [0, 0.05, 12.3, 1234.56, 9999999.99])
        expect(parseMoneyText(moneyInputText(amount, locale), locale)).toBe(amount);
  });
});

describe('moneyValueIn: the schema on the rule', () => {
  it('takes the French forms in the API (no language) and the form', () => {
    expect(moneyValue.parse('125,50')).toBe(125.5);
    expect(moneyValue.parse('1 234,56')).toBe(1234.56);
    expect(moneyValueIn('fr').parse(`9${NBSP}999${NBSP}999,99`)).toBe(9999999.99);
    expect(moneyValue.parse(45.25)).toBe(45.25);
  });

  it("settles '1,234' by the form's language, refuses it in the API, with 'must be a monetary value'", () => {
    expect(moneyValueIn('en').parse('1,234')).toBe(1234);
    for (const schema of [moneyValueIn('fr'), moneyValue]) {
      const r = schema.safeParse('1,234');
      expect(r.success ? 'ok' : englishOf(r.error.issues[0]?.message)).toBe('must be a monetary value');
    }
  });

  it('still refuses a number with more than 2 decimals, and an amount too large for one line', () => {
    expect(englishOf(moneyValue.safeParse(0.1 + 0.2).error?.issues[0]?.message)).toBe(
      'must be a monetary value',
    );
    expect(englishOf(moneyValueIn('fr').safeParse('10 000 000').error?.issues[0]?.message)).toBe(
      'must be less than $10,000,000.00',
    );
  });
});
