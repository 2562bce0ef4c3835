import { describe, expect, it } from 'vitest';
import { descriptionIn, nameIn, untranslated } from './catalogue-names.ts';

const whmis = {
  name: 'WHMIS',
  name_fr: 'SIMDUT',
  description: 'Hazardous materials',
  description_fr: 'Matières dangereuses',
};
const welding = { name: 'Welding', name_fr: null, description: 'Arc welding', description_fr: null };

describe('catalogue names in the screen language (issue 34)', () => {
  it('gives the French name and description on French screens, the English on English ones', () => {
    expect(nameIn(whmis, 'fr')).toBe('SIMDUT');
    expect(descriptionIn(whmis, 'fr')).toBe('Matières dangereuses');
    expect(nameIn(whmis, 'en')).toBe('WHMIS');
    expect(descriptionIn(whmis, 'en')).toBe('Hazardous materials');
  });

  it('falls back to the English where there is no French yet, and says it is untranslated', () => {
    expect(nameIn(welding, 'fr')).toBe('Welding');
    expect(descriptionIn(welding, 'fr')).toBe('Arc welding');
    expect(untranslated(welding)).toBe(true);
    expect(untranslated(whmis)).toBe(false);
    expect(untranslated({ name: 'Blank', name_fr: '' })).toBe(true);
  });
});
