import fs from 'node:fs';
import path from 'node:path';
import { CHOICE_LISTS } from '@cairn/shared/choices';
import { IMPORT_CHOICES } from '@cairn/shared/import-reading';
import { IMPORT_FIELDS } from '@cairn/shared/imports.schemas';
import { LOCALES } from '@cairn/shared/locales';
import { wordsIn, type ChoiceList } from '@cairn/shared/wording';
import { describe, expect, it } from 'vitest';
import {
  FIELD_LISTS,
  matchImportHeaders,
  storedChoice,
} from '../../src/modules/imports/import-labels.service.ts';
import { ROOT } from '../helpers/catalogues.ts';

/**
 * The labels of the stored choices the server writes and reads (issue 34), in one catalogue,
 * packages/shared/src/locales/<locale>/choices.json: every list labels exactly its stored values,
 * English's labels are the values themselves (the English files write what they always wrote),
 * a value no list labels is written as stored, and an import reads every label back as its value.
 */
const catalogue = (locale: string) =>
  JSON.parse(
    fs.readFileSync(path.join(ROOT, 'packages/shared/src/locales', locale, 'choices.json'), 'utf8'),
  ) as Record<string, Record<string, string>>;

const lists = Object.entries(CHOICE_LISTS) as Array<[ChoiceList, readonly string[]]>;

describe('the choices catalogue', () => {
  for (const locale of LOCALES) {
    it(`labels every stored value of every list, and nothing else, in ${locale}`, () => {
      const labels = catalogue(locale);
      expect(Object.keys(labels).sort()).toEqual(Object.keys(CHOICE_LISTS).sort());
      for (const [list, values] of lists) {
        expect(Object.keys(labels[list]!), list).toEqual([...values]);
        for (const value of values) expect(labels[list]![value]!.trim(), `${list}.${value}`).not.toBe('');
      }
    });
  }

  it('labels a value in English as stored (a province by its name), a value it does not know as stored', () => {
    const en = wordsIn('en');
    for (const [list, values] of lists)
      if (list !== 'province') for (const value of values) expect(en.choice(list, value)).toBe(value);
    expect(en.choice('province', 'QC')).toBe('Quebec');
    expect(wordsIn('fr').choice('province', 'QC')).toBe('Québec');
    expect(wordsIn('fr').choice('gender', 'Female')).toBe('Femme');
    for (const locale of LOCALES) {
      expect(wordsIn(locale).choice('gender', 'Legacy value')).toBe('Legacy value');
      // Never a label from the prototype of the catalogue's objects.
      expect(wordsIn(locale).choice('gender', 'toString')).toBe('toString');
    }
  });

  it("agrees with the web's labels of the same choices (until the web reads this catalogue)", () => {
    const web = (locale: string, namespace: string) =>
      JSON.parse(
        fs.readFileSync(path.join(ROOT, 'apps/web/src/locales', locale, `${namespace}.json`), 'utf8'),
      ) as Record<string, Record<string, Record<string, string>>>;
    for (const locale of LOCALES) {
      const labels = catalogue(locale);
      const clients = web(locale, 'clients').options!;
      for (const list of [
        'gender',
        'citizenship',
        'highest_education',
        'status_type',
        'reserve',
        'marital_status',
        'province',
        'yes_no',
      ])
        expect(labels[list], `${locale} clients.options.${list}`).toEqual(clients[list]);
      const outcome = web(locale, 'plan-records').outcome!.options as unknown as Record<
        string,
        Record<string, string>
      >;
      expect(labels.program_outcome).toEqual(outcome.program_outcome);
      expect(labels.post_program_status).toEqual(outcome.post_program_status);
      expect(labels.outcome_employment_type).toEqual(outcome.employment_type);
    }
  });
});

describe("an import's words in either language", () => {
  it('names every enumerated field with its list, holding the same choices', () => {
    expect(Object.keys(FIELD_LISTS).sort()).toEqual(Object.keys(IMPORT_CHOICES).sort());
    for (const [field, list] of Object.entries(FIELD_LISTS))
      expect([...CHOICE_LISTS[list]], field).toEqual([
        ...IMPORT_CHOICES[field as keyof typeof IMPORT_CHOICES]!,
      ]);
  });

  it("reads every choice's label, in every language, as its stored value", () => {
    for (const [field, list] of Object.entries(FIELD_LISTS) as Array<
      [(typeof IMPORT_FIELDS)[number], ChoiceList]
    >)
      for (const locale of LOCALES)
        for (const value of CHOICE_LISTS[list]) {
          const label = wordsIn(locale).choice(list, value);
          expect(storedChoice(field, label), `${field}: ${label}`).toBe(value);
          expect(storedChoice(field, label.toUpperCase()), `${field}: ${label}`).toBe(value);
        }
    expect(storedChoice('gender', 'Robot')).toBe('Robot');
    expect(storedChoice('first_name', 'Femme')).toBe('Femme');
  });

  it('matches every field by its template header and its name, in every language, with or without the mark', () => {
    for (const locale of LOCALES) {
      const words = wordsIn(locale).spreadsheet;
      for (const key of ['column', 'label']) {
        const headers = IMPORT_FIELDS.map((f) => words(`imports.fields.${f}.${key}`));
        expect(matchImportHeaders(headers), `${locale} ${key}`).toEqual([...IMPORT_FIELDS]);
        expect(matchImportHeaders(headers.map((h) => `${h} *`)), `${locale} ${key} *`).toEqual([
          ...IMPORT_FIELDS,
        ]);
      }
    }
    expect(matchImportHeaders(['Prénom', 'first_name', 'Colour'])).toEqual(['first_name', null, null]);
  });
});
