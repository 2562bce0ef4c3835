import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@cairn/shared/locales';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/catalogues.ts';

/**
 * Every language has the same catalogues with the same keys as English (issue 34), each text with
 * the same interpolation variables, tags and nested references: a key missing in one language
 * would show English (or the key) on a French screen, a variable renamed would show `{{name}}`.
 * French may add `_many` beside an `_other` (CLDR's plural category for a million and more).
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

/** The problems of `other` against `english`, one line each. */
function parityProblems(english: Flat, other: Flat): string[] {
  const problems: string[] = [];
  for (const [key, text] of english) {
    const translated = other.get(key);
    if (translated === undefined) problems.push(`missing ${key}`);
    else if (translated.trim() === '' && text.trim() !== '') problems.push(`empty ${key}`);
    else if (placeholdersOf(text) !== placeholdersOf(translated))
      problems.push(`placeholders differ in ${key}: ${placeholdersOf(text)} / ${placeholdersOf(translated)}`);
  }
  for (const key of other.keys()) {
    const pluralMany = key.endsWith('_many') && english.has(key.replace(/_many$/, '_other'));
    if (!english.has(key) && !pluralMany) problems.push(`not in English: ${key}`);
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
          parityProblems(catalogue(folder, 'en', file), catalogue(folder, locale, file)).map(
            (p) => `${locale}/${file}: ${p}`,
          ),
        );
        expect(problems).toEqual([]);
      });
    }
  }

  it('finds a missing key, an extra key and a changed variable', () => {
    const en: Flat = new Map([
      ['a', 'Hello {{name}}'],
      ['b', '<1>Open</1> it'],
      ['n_other', '{{count}} clients'],
    ]);
    expect(
      parityProblems(
        en,
        new Map([
          ['a', 'Bonjour {{name}}'],
          ['b', '<1>Ouvrir</1>'],
          ['n_other', '{{count}} clients'],
          ['n_many', '{{count}} de clients'],
        ]),
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
      ),
    ).toEqual(['placeholders differ in a: {{name}} / {{nom}}', 'missing b', 'not in English: c']);
  });
});
