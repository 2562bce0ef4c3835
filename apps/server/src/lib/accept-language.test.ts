import { describe, expect, it } from 'vitest';
import { preferredLocale } from './accept-language.ts';

describe('Accept-Language', () => {
  it("picks Cairn's language the header prefers, by quality then order", () => {
    expect(preferredLocale('fr-CA')).toBe('fr');
    expect(preferredLocale('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(preferredLocale('en-CA,fr;q=0.5')).toBe('en');
    expect(preferredLocale('de-DE, fr;q=0.3, en;q=0.2')).toBe('fr');
    expect(preferredLocale('en;q=0.4, FR;q=0.6')).toBe('fr');
  });

  it('answers null for none of them, an absent or a malformed header', () => {
    for (const header of [undefined, '', 'de, es;q=0.9', 'fr;q=0', 'fr;q=abc', ';;;', '*'])
      expect(preferredLocale(header), String(header)).toBeNull();
  });
});
