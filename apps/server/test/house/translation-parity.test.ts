import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@cairn/shared/locales';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/catalogues.ts';

/**
 * Every language has the same catalogues with the same keys as English (issue 34), each text with
 * the same interpolation variables, tags and nested references: a key missing in one language
 * would show English (or the key) on a French screen, a variable renamed would show `{{name}}`.
 * French has `_many` beside every `_other` (CLDR's plural category for a million, two million…).
 */
const FOLDERS = ['apps/web/src/locales', 'packages/shared/src/locales'];

type Flat = Map<string, string>;

function flatten(node: unknown, prefix: string, out: Flat): Flat {
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, at, out);
    else out.set(at, String(value));
  }
  return out;
}

const catalogue = (folder: string, locale: string, file: string): Flat =>
  flatten(JSON.parse(fs.readFileSync(path.join(ROOT, folder, locale, file), 'utf8')), '', new Map());

/** What a text must keep in every language: {{variables}}, <1>tags</1>, $t(references). */
function placeholdersOf(text: string): string {
  return [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}|<\/?([\w-]+)\s*\/?>|\$t\(([^)]*)\)/g)]
    .map((m) => m[0].replace(/\s/g, ''))
    .sort()
    .join(' ');
}

/**
 * The problems of `other` (in `locale`) against `english`, one line each. A plural key needs a text
 * for each of the locale's plural categories (Intl's, CLDR's): French's `_many` (a million, two
 * million…) beside `_one` and `_other`, else i18next would fall back to the English text.
 */
function parityProblems(english: Flat, other: Flat, locale: string): string[] {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  const problems: string[] = [];
  for (const [key, text] of english) {
    const translated = other.get(key);
    if (translated === undefined) problems.push(`missing ${key}`);
    else if (translated.trim() === '' && text.trim() !== '') problems.push(`empty ${key}`);
    else if (placeholdersOf(text) !== placeholdersOf(translated))
      problems.push(`placeholders differ in ${key}: ${placeholdersOf(text)} / ${placeholdersOf(translated)}`);
    if (key.endsWith('_other'))
      for (const category of categories) {
        const form = `${key.slice(0, -'other'.length)}${category}`;
        if (!english.has(form) && !other.has(form)) problems.push(`missing ${form} (plural "${category}")`);
      }
  }
  for (const key of other.keys()) {
    const plural = /_([a-z]+)$/.exec(key)?.[1];
    const pluralForm =
      plural !== undefined && categories.includes(plural) && english.has(key.replace(/_[a-z]+$/, '_other'));
    if (!english.has(key) && !pluralForm) problems.push(`not in English: ${key}`);
  }
  return problems;
}

describe('translations', () => {
  for (const folder of FOLDERS) {
    const files = fs.readdirSync(path.join(ROOT, folder, 'en')).sort();
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      it(`${folder}/${locale} has every English catalogue, key and placeholder`, () => {
        expect(fs.readdirSync(path.join(ROOT, folder, locale)).sort()).toEqual(files);
        const problems = files.flatMap((file) =>
          parityProblems(catalogue(folder, 'en', file), catalogue(folder, locale, file), locale).map(
            (p) => `${locale}/${file}: ${p}`,
          ),
        );
        expect(problems).toEqual([]);
      });
    }
  }

  it("finds a missing key, an extra key, a changed variable and a missing plural form of the language's", () => {
    const en: Flat = new Map([
      ['a', 'Hello {{name}}'],
      ['b', '<1>Open</1> it'],
      ['n_one', '{{count}} client'],
      ['n_other', '{{count}} clients'],
    ]);
    expect(
      parityProblems(
        en,
        new Map([
          ['a', 'Bonjour {{name}}'],
          ['b', '<1>Ouvrir</1>'],
          ['n_one', '{{count}} client'],
          ['n_other', '{{count}} clients'],
          ['n_many', '{{count}} de clients'],
        ]),
        'fr',
      ),
    ).toEqual([]);
    expect(
      parityProblems(
        en,
        new Map([
          ['a', 'Bonjour {{nom}}'],
          ['n_other', '{{count}}'],
          ['c', 'x'],
        ]),
        'fr',
      ),
    ).toEqual([
      'placeholders differ in a: {{name}} / {{nom}}',
      'missing b',
      'missing n_one',
      'missing n_many (plural "many")',
      'not in English: c',
    ]);
  });
});
