import fs from 'node:fs';
import path from 'node:path';

/** The repository's root, seen from this folder. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * The English catalogues by namespace, as the web app loads them: its own
 * (apps/web/src/locales/en/<namespace>.json) and those it shares with the server
 * (packages/shared/src/locales/en/validation.json and api-errors.json).
 */
export const englishCatalogues = new Map<string, unknown>();
for (const dir of ['apps/web/src/locales/en', 'packages/shared/src/locales/en']) {
  for (const file of fs.readdirSync(path.join(ROOT, dir))) {
    englishCatalogues.set(
      file.replace(/\.json$/, ''),
      JSON.parse(fs.readFileSync(path.join(ROOT, dir, file), 'utf8')),
    );
  }
}

/** Whether a namespace's English catalogue words a (dotted) key. */
export function hasKey(namespace: string, key: string): boolean {
  let node: unknown = englishCatalogues.get(namespace);
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    const record = node as Record<string, unknown>;
    // i18next plural forms: a key `x` may be written `x_one` and `x_other`.
    node = part in record ? record[part] : (record[`${part}_one`] ?? record[`${part}_other`]);
  }
  return typeof node === 'string';
}

/** The full path of every TypeScript source under a folder of the repository, tests left out. */
export function sourcesUnder(dir: string): string[] {
  const full = path.resolve(ROOT, dir);
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(full, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}
