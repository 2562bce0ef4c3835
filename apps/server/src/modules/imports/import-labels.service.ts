import { CHOICE_LISTS } from '@cairn/shared/choices';
import { fieldOfHeader, IMPORT_CHOICES } from '@cairn/shared/import-reading';
import { IMPORT_FIELDS, type ImportField } from '@cairn/shared/imports.schemas';
import { LOCALES } from '@cairn/shared/locales';
import { wordsIn, type ChoiceList, type Words } from '@cairn/shared/wording';

/**
 * An import's words in every language (issue 34): the template is written in its requester's
 * language, and a file is read whatever the language of its headers and choices. A header names a
 * field by its API name or a known synonym (import-reading.ts), else by the field's header or
 * label in any language (spreadsheets.json `imports.fields.*`); a choice is read by its label in
 * any language (choices.json) and stored as its value, else as import-reading.ts reads it.
 */

/** The list labelling each enumerated field's choices (choices.json): IMPORT_CHOICES' fields. */
export const FIELD_LISTS: Partial<Record<ImportField, ChoiceList>> = {
  gender: 'gender',
  province: 'province',
  marital_status: 'marital_status',
  youth_in_care: 'yes_no',
  disability: 'yes_no',
  citizenship: 'citizenship',
  highest_education: 'highest_education',
  indigenous: 'yes_no',
  status_type: 'status_type',
  reserve: 'reserve',
  consent: 'yes_no',
};

/**
 * A label compared: no accents, no case, nothing but letters and digits. Unlike a header's key,
 * what parentheses hold counts: "Première Nation (Indien inscrit)" and "(Indien non inscrit)" differ.
 */
function labelKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The header a field's column has in the template, in `words`' language (without the required mark). */
export const columnOf = (words: Words['spreadsheet'], field: ImportField): string =>
  words(`imports.fields.${field}.column`);

/**
 * The choices an enumerated field's column offers in the template, in `words`' language: each
 * stored choice's label, a province by its two-letter code (the same in both languages).
 */
export function choicesOf(field: ImportField, choice: Words['choice']): readonly string[] | undefined {
  const values = IMPORT_CHOICES[field];
  const list = FIELD_LISTS[field];
  if (!values || !list || field === 'province') return values;
  return values.map((v) => choice(list, v));
}

/** Each field by its template header and its label, in every language (as headers compare). */
const FIELD_BY_LABEL: ReadonlyMap<string, ImportField> = (() => {
  const byLabel = new Map<string, ImportField>();
  for (const locale of LOCALES) {
    const words = wordsIn(locale).spreadsheet;
    for (const field of IMPORT_FIELDS)
      for (const text of [columnOf(words, field), words(`imports.fields.${field}.label`)])
        if (!byLabel.has(labelKey(text))) byLabel.set(labelKey(text), field);
  }
  return byLabel;
})();

/** The field a header names: its API name or a synonym, else a field's header or label in any language. */
function fieldNamed(header: string): ImportField | null {
  return fieldOfHeader(header) ?? FIELD_BY_LABEL.get(labelKey(header.replace(/\*/g, ''))) ?? null;
}

/**
 * Each column's field from the headers, in either language: the first column naming a field
 * takes it, later ones none (as import-reading.ts matchHeaders).
 */
export function matchImportHeaders(headers: readonly string[]): Array<ImportField | null> {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = fieldNamed(header);
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** Each enumerated field's stored choices by their labels in every language. */
const VALUE_BY_LABEL: ReadonlyMap<ImportField, ReadonlyMap<string, string>> = new Map(
  (Object.entries(FIELD_LISTS) as Array<[ImportField, ChoiceList]>).map(([field, list]) => {
    const byLabel = new Map<string, string>();
    for (const locale of LOCALES) {
      const { choice } = wordsIn(locale);
      for (const value of CHOICE_LISTS[list]) {
        const key = labelKey(choice(list, value));
        if (!byLabel.has(key)) byLabel.set(key, value);
      }
    }
    return [field, byLabel];
  }),
);

/** A choice cell as stored when it is a choice's label in any language; else as written. */
export function storedChoice(field: ImportField, text: string): string {
  return VALUE_BY_LABEL.get(field)?.get(labelKey(text)) ?? text;
}

/**
 * A row's cells with every choice given by its label (in any language) as its stored value, for
 * the intake's checks; the other cells as written.
 */
export function cellsAsStored(
  cells: ReadonlyArray<string | null>,
  fields: ReadonlyArray<ImportField | null>,
): Array<string | null> {
  return cells.map((cell, i) => {
    const field = fields[i];
    return cell === null || !field || !VALUE_BY_LABEL.has(field) ? cell : storedChoice(field, cell);
  });
}
