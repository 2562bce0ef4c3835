import { describe, expect, it } from 'vitest';
import {
  dobRelation,
  DUPLICATE_THRESHOLD,
  editDistance,
  matchFirstName,
  matchName,
  matchPhone,
  scoreMatch,
  type MatchSide,
  type PairFeatures,
} from './duplicate-rules.ts';

const side = (first: string, family: string, dob: string | null): MatchSide => ({
  given: matchName(first),
  first: matchFirstName(first),
  family: matchName(family),
  dob,
});

function pair(a: MatchSide, b: MatchSide, more: Partial<PairFeatures> = {}): PairFeatures {
  return {
    a,
    b,
    sameSin: false,
    sameEmail: false,
    samePhone: false,
    samePostalCode: false,
    givenSimilarity: 0,
    familySimilarity: 0,
    ...more,
  };
}

describe('the matcher’s forms', () => {
  it('compares names without case, accents, hyphens or spaces, and resolves nicknames', () => {
    expect(matchName('Côté-Duval ')).toBe('coteduval');
    expect(matchName("O'Brien")).toBe('obrien');
    expect(matchFirstName('Bill')).toBe('william');
    expect(matchFirstName('BOB')).toBe('robert');
    expect(matchFirstName('Jon')).toBe('john');
    expect(matchFirstName('Liz')).toBe('elizabeth');
    expect(matchFirstName('Zoé')).toBe('zoe');
  });

  it('keeps a phone number’s digits, without the country’s leading 1', () => {
    expect(matchPhone('(807) 555-0134')).toBe('8075550134');
    expect(matchPhone('+1 807 555 0134')).toBe('8075550134');
    expect(matchPhone(null)).toBe('');
  });

  it('relates dates of birth: equal, day and month swapped, one digit off, or not', () => {
    expect(dobRelation('1990-03-04', '1990-03-04')).toBe('equal');
    expect(dobRelation('1990-03-04', '1990-04-03')).toBe('swapped');
    expect(dobRelation('1990-03-04', '1991-03-04')).toBe('one_digit');
    expect(dobRelation('1990-03-04', '1990-03-14')).toBe('one_digit');
    expect(dobRelation('1990-03-04', '1991-03-14')).toBeNull();
    expect(dobRelation('1990-03-04', null)).toBeNull();
  });

  it('counts a transposition as one edit', () => {
    expect(editDistance('smith', 'smtih')).toBe(1);
    expect(editDistance('smith', 'smyth')).toBe(1);
    expect(editDistance('smith', 'smit')).toBe(1);
    expect(editDistance('smith', 'jones', 2)).toBe(3);
  });
});

describe('scoreMatch', () => {
  it('scores the same name and date of birth as a likely duplicate', () => {
    const m = scoreMatch(
      pair(side('Zoé', 'Côté-Duval', '1990-04-01'), side('ZOE', 'cote duval', '1990-04-01')),
    );
    expect(m).toEqual({ score: 0.9, reasons: ['same_name', 'dob_equal'] });
  });

  it('finds a nickname with the day and month swapped', () => {
    const m = scoreMatch(pair(side('William', 'Smith', '1990-03-04'), side('Bill', 'Smith', '1990-04-03')));
    expect(m.reasons).toEqual(['nickname', 'dob_swapped']);
    expect(m.score).toBeGreaterThanOrEqual(DUPLICATE_THRESHOLD);
  });

  it('finds a typo in the family name with a date one digit off', () => {
    const m = scoreMatch(pair(side('Jon', 'Tremblay', '1985-06-21'), side('Jon', 'Trembaly', '1985-06-27')));
    expect(m.reasons).toEqual(['name_similar', 'dob_one_digit']);
    expect(m.score).toBeGreaterThanOrEqual(DUPLICATE_THRESHOLD);
  });

  it('finds a family name given in full on one side only', () => {
    const m = scoreMatch(pair(side('Siila', 'Roy', '2002-08-26'), side('Siila', 'Roy-Hébert', '2002-08-26')));
    expect(m.reasons).toEqual(['name_similar', 'dob_equal']);
  });

  it('keeps namesakes born on other days apart, even with the same email or phone', () => {
    const m = scoreMatch(
      pair(side('John', 'Smith', '1990-03-04'), side('John', 'Smith', '1975-11-23'), {
        sameEmail: true,
        samePhone: true,
      }),
    );
    expect(m.score).toBeLessThan(DUPLICATE_THRESHOLD);
    expect(m.reasons).toEqual(['same_name', 'same_email', 'same_phone']);
  });

  it('keeps siblings apart: same family, phone and postal code, another given name and birthday', () => {
    const m = scoreMatch(
      pair(side('Marc', 'Ouellet', '2001-02-02'), side('Julie', 'Ouellet', '2003-10-02'), {
        samePhone: true,
        samePostalCode: true,
        givenSimilarity: 0.05,
        familySimilarity: 1,
      }),
    );
    expect(m.score).toBeLessThan(DUPLICATE_THRESHOLD);
  });

  it('needs more than a name when a date of birth is missing', () => {
    const nameOnly = scoreMatch(
      pair(side('Amanda', 'Thériault', '2004-11-17'), side('Amanda', 'Theriault', null)),
    );
    expect(nameOnly.score).toBeLessThan(DUPLICATE_THRESHOLD);
    const withPhone = scoreMatch(
      pair(side('Amanda', 'Thériault', '2004-11-17'), side('Amanda', 'Theriault', null), { samePhone: true }),
    );
    expect(withPhone.score).toBeGreaterThanOrEqual(DUPLICATE_THRESHOLD);
  });

  it('takes the same SIN as the same person whatever else differs', () => {
    const m = scoreMatch(
      pair(side('Torvald', 'Haugeland', null), side('Someone', 'Else', '1970-01-01'), { sameSin: true }),
    );
    expect(m).toEqual({ score: 0.95, reasons: ['same_sin'] });
  });

  it('never scores a pair with both dates known and unrelated as likely without the SIN', () => {
    const m = scoreMatch(
      pair(side('Ann', 'Lee', '1990-01-01'), side('Ann', 'Lee', '1960-07-19'), {
        sameEmail: true,
        samePhone: true,
        samePostalCode: true,
      }),
    );
    expect(m.score).toBeLessThan(DUPLICATE_THRESHOLD);
  });
});
