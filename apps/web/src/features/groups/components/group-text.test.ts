import { describe, expect, it } from 'vitest';
import { listDescription } from './group-text.ts';

describe('listDescription (spec §9)', () => {
  it('is null for no description, so the list shows a dash', () => {
    expect(listDescription(null)).toBeNull();
    expect(listDescription('   ')).toBeNull();
  });

  it('shows a description of up to 60 characters whole', () => {
    const sixty = 'a'.repeat(60);
    expect(listDescription(sixty)).toEqual({ shown: sixty, full: null });
  });

  it('cuts one over 60 to its first 57 and three dots, keeping the whole for the tooltip', () => {
    const long = 'b'.repeat(61);
    expect(listDescription(long)).toEqual({ shown: `${'b'.repeat(57)}...`, full: long });
  });
});
