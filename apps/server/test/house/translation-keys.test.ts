import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishCatalogues as catalogues, hasKey as has, ROOT, sourcesUnder } from '../helpers/catalogues.ts';

/**
 * Every translation key the web code names literally exists in the English catalogues (the web's
 * locales/en/<namespace>.json, and the shared validation and api-errors). A key is `ns:key`, or
 * `key` in the first namespace of the file's `useTranslation(…)` or `TFunction<'…'>` (else
 * `common`, the default). Keys built at run time (template literals) are not checked here.
 */
const src = path.join(ROOT, 'apps/web/src');

/** The literal keys a file names, with the namespace each is looked up in. */
function keysOf(file: string): Array<{ namespace: string; key: string }> {
  const text = fs.readFileSync(file, 'utf8');
  const ns =
    text.match(/useTranslation\(\[?'([a-z-]+)'/)?.[1] ??
    text.match(/TFunction<'([a-z-]+)'>/)?.[1] ??
    'common';
  const found: Array<{ namespace: string; key: string }> = [];
  for (const m of text.matchAll(/\b(?:t|i18n\.t)\(\s*'([^'`$]+)'/g)) {
    const literal = m[1]!;
    const [namespace, key] = literal.includes(':') ? literal.split(':', 2) : [ns, literal];
    found.push({ namespace: namespace!, key: key! });
  }
  for (const m of text.matchAll(/i18nKey="([^"]+)"/g)) {
    const literal = m[1]!;
    const [namespace, key] = literal.includes(':') ? literal.split(':', 2) : [ns, literal];
    found.push({ namespace: namespace!, key: key! });
  }
  return found;
}

describe('translation keys', () => {
  const files = sourcesUnder(src);
  const used = files.flatMap((file) => keysOf(file).map((k) => ({ ...k, file: path.relative(src, file) })));

  it('reads the catalogues and finds the keys the code uses', () => {
    expect(catalogues.size).toBeGreaterThan(5);
    expect(used.length).toBeGreaterThan(200);
  });

  it('has every literal key in the English catalogue', () => {
    const missing = used
      .filter((k) => !has(k.namespace, k.key))
      .map((k) => `${k.file}: ${k.namespace}:${k.key}`);
    expect(missing).toEqual([]);
  });

  it('finds a missing key when there is one', () => {
    expect(has('common', 'no.such.key.anywhere')).toBe(false);
  });
});
