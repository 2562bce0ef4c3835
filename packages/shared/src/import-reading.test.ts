import { describe, expect, it } from 'vitest';
import { answerOf, choiceOf, dateOf, fieldOfHeader, matchHeaders } from './import-reading.ts';

describe('import-reading', () => {
  it('matches headers whatever their case, accents, spaces, marks and common names', () => {
    expect(
      [
        'First Name *',
        'DOB',
        'Birth date',
        'Date de naissance',
        'NAS',
        'e-mail',
        'Code postal',
        'Centre',
      ].map(fieldOfHeader),
    ).toEqual([
      'first_name',
      'date_of_birth',
      'date_of_birth',
      'date_of_birth',
      'sin',
      'email',
      'postal_code',
      'centre_id',
    ]);
    expect(fieldOfHeader('Favourite colour')).toBeNull();
    // A field is taken by its first column only.
    expect(matchHeaders(['DOB', 'Birth date'])).toEqual(['date_of_birth', null]);
  });

  it('reads dates in both orders, a day past 12 wherever it stands', () => {
    expect(dateOf('2024-03-05', 'mdy')).toBe('2024-03-05');
    expect(dateOf('2024/3/5', 'dmy')).toBe('2024-03-05');
    expect(dateOf('05/03/2024', 'dmy')).toBe('2024-03-05');
    expect(dateOf('05/03/2024', 'mdy')).toBe('2024-05-03');
    expect(dateOf('13/02/2024', 'mdy')).toBe('2024-02-13');
    expect(dateOf('02/13/2024', 'dmy')).toBe('2024-02-13');
    expect(dateOf('5.3.99', 'dmy')).toBe('1999-03-05');
    expect(dateOf('next tuesday', 'dmy')).toBe('next tuesday');
  });

  it('reads Yes/No, choices and postal codes however written, and never evaluates a formula', () => {
    expect(['Y', 'oui', 'TRUE', 'n', 'Non'].map((v) => choiceOf('disability', v))).toEqual([
      'Yes',
      'Yes',
      'Yes',
      'No',
      'No',
    ]);
    expect(choiceOf('citizenship', 'permanent RESIDENT')).toBe('Permanent resident');
    expect(choiceOf('province', 'Québec')).toBe('QC');
    expect(choiceOf('status_type', 'metis')).toBe('Métis');
    expect(answerOf('postal_code', 'k1a 0b1', 'dmy')).toBe('K1A0B1');
    expect(answerOf('consent', 'Oui', 'dmy')).toBe(true);
    expect(answerOf('first_name', '=1+2', 'dmy')).toBe('=1+2');
    expect(answerOf('first_name', '   ', 'dmy')).toBeNull();
  });
});
