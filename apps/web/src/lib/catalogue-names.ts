import i18n from './i18n.ts';

/** A row the database names in English and, once translated, in French (issue 34). */
export interface Named {
  name: string;
  name_fr?: string | null;
}

/** A row with a description in English and, once translated, in French. */
export interface Described {
  description: string | null;
  description_fr?: string | null;
}

const french = (language: string | undefined) => (language ?? i18n.resolvedLanguage) === 'fr';

/**
 * A catalogue item's, reporting type's or interaction type's name in the screen's language: the
 * French one where there is one, else the English (issue 34: shown, marked, on the mapping screens).
 */
export function nameIn(row: Named, language?: string): string {
  return (french(language) && row.name_fr) || row.name;
}

/** Its description in the screen's language, the English where there is no French. */
export function descriptionIn(row: Described, language?: string): string | null {
  return (french(language) && row.description_fr) || row.description;
}

/** Whether a row has no French name yet (the Mappings home counts them; the lists mark them). */
export function untranslated(row: Named): boolean {
  return !row.name_fr;
}
