import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every translation key the code names literally exists in the English catalogues
 * (locales/en/<namespace>.json). A key is `ns:key`, or `key` in the first namespace of the file's
 * `useTranslation(…)` or `TFunction<'…'>` (else `common`, the default). Keys built at run time (template literals)
 * are not checked here.
 */
const src = path.resolve(import.meta.dirname, '../../../web/src');
const catalogues = new Map<string, unknown>();
for (const file of fs.readdirSync(path.join(src, 'locales/en'))) {
  catalogues.set(
    file.replace(/\.json$/, ''),
    JSON.parse(fs.readFileSync(path.join(src, 'locales/en', file), 'utf8')),
  );
}

function has(namespace: string, key: string): boolean {
  let node: unknown = catalogues.get(namespace);
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    const record = node as Record<string, unknown>;
    // i18next plural forms: a key `x` may be written `x_one` and `x_other`.
    node = part in record ? record[part] : (record[`${part}_one`] ?? record[`${part}_other`]);
  }
  return typeof node === 'string';
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

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
  const files = sources(src);
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
