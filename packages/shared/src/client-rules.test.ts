import { describe, expect, it } from 'vitest';
import {
  applyClientSaveRules,
  clientSearchText,
  isClientMissingInfo,
  maskSin,
  missingInfoFields,
  normalizeName,
  type MissingInfoFields,
} from './client-rules.ts';

const complete: MissingInfoFields = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  citizenship: 'Canadian citizen',
  disability: 'No',
  highest_education: 'None',
  indigenous: 'No',
  reserve: null,
};

describe('the missing-information flag (spec §3)', () => {
  it('is clear for a complete client', () => {
    expect(isClientMissingInfo(complete)).toBe(false);
    expect(missingInfoFields(complete)).toEqual([]);
  });

  it.each([
    'first_name',
    'last_name',
    'citizenship',
    'disability',
    'highest_education',
    'indigenous',
  ] as const)('is set when %s is empty, null, blank or absent', (field) => {
    for (const empty of ['', '   ', null, undefined]) {
      const client = { ...complete, [field]: empty };
      expect(isClientMissingInfo(client)).toBe(true);
      expect(missingInfoFields(client)).toEqual([field]);
    }
  });

  it('is set when indigenous is Yes and reserve is empty', () => {
    expect(isClientMissingInfo({ ...complete, indigenous: 'Yes', reserve: null })).toBe(true);
    expect(missingInfoFields({ ...complete, indigenous: 'Yes', reserve: ' ' })).toEqual(['reserve']);
    expect(isClientMissingInfo({ ...complete, indigenous: 'Yes', reserve: 'On reserve' })).toBe(false);
  });

  it('does not ask for a reserve when indigenous is No', () => {
    expect(isClientMissingInfo({ ...complete, indigenous: 'No', reserve: null })).toBe(false);
  });

  it('lists every missing field, reserve last', () => {
    expect(missingInfoFields({ indigenous: 'Yes' })).toEqual([
      'first_name',
      'last_name',
      'citizenship',
      'disability',
      'highest_education',
      'reserve',
    ]);
  });
});

describe('normalizeName', () => {
  it('drops accents and case', () => {
    expect(normalizeName('Zoé')).toBe('zoe');
    expect(normalizeName('ÉMILE Côté')).toBe('emile cote');
    expect(normalizeName('Maëlle Lévesque-Bélanger')).toBe('maelle levesque-belanger');
  });

  it('trims and folds runs of spaces', () => {
    expect(normalizeName('  Mary   Ann \t Smith ')).toBe('mary ann smith');
  });

  it('makes nothing of nothing', () => {
    expect(normalizeName(null)).toBe('');
    expect(normalizeName(undefined)).toBe('');
    expect(normalizeName('   ')).toBe('');
  });
});

describe('clientSearchText', () => {
  it('joins names, email and phone digits, normalised', () => {
    expect(
      clientSearchText({
        first_name: 'Zoé',
        middle_name: 'Marie',
        last_name: 'Côté',
        email: 'Zoe.Cote@Example.ca',
        phone: '(807) 555-0101',
      }),
    ).toBe('zoe marie cote zoe.cote@example.ca 8075550101');
  });

  it('leaves out what is not there', () => {
    expect(
      clientSearchText({ first_name: 'Ada', middle_name: null, last_name: 'Lovelace', email: null }),
    ).toBe('ada lovelace');
    expect(clientSearchText({ first_name: 'Ada', last_name: 'Lovelace', phone: 'none' })).toBe(
      'ada lovelace',
    );
  });
});

describe('maskSin', () => {
  it('shows only the last three digits', () => {
    expect(maskSin('787')).toBe('••• ••• 787');
  });

  it('is null without a SIN', () => {
    expect(maskSin(null)).toBeNull();
    expect(maskSin(undefined)).toBeNull();
    expect(maskSin('')).toBeNull();
  });
});

describe('applyClientSaveRules (spec §5)', () => {
  const ancestry = {
    indigenous: 'Yes',
    status_type: 'Métis',
    nation: 'Métis Nation',
    reserve: 'Off reserve',
    status_number: '123',
    indigenous_language: 'Michif',
    first_name: 'Ada',
  };

  it('keeps every ancestry answer of an Indigenous client who speaks the language', () => {
    expect(applyClientSaveRules(ancestry)).toEqual(ancestry);
  });

  it('clears every ancestry answer when indigenous is not Yes, and keeps the other fields', () => {
    expect(applyClientSaveRules({ ...ancestry, indigenous: 'No' })).toEqual({
      indigenous: 'No',
      status_type: null,
      nation: null,
      reserve: null,
      status_number: null,
      indigenous_language: null,
      first_name: 'Ada',
    });
  });

  it('clears only the language when the client does not speak one', () => {
    expect(applyClientSaveRules(ancestry, false)).toEqual({ ...ancestry, indigenous_language: null });
  });
});
