// The words of the PDFs in one language (issue 34), all from the catalogues: the documents' own
// (packages/shared/src/locales/<locale>/pdf-documents.json: titles, paragraphs, hints, the notice),
// and the web's, which already label every question and choice the forms ask
// (apps/web/src/locales/<locale>/<area>.json). The same files and keys in each language
// (test/house/translation-parity.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localeOf } from '../../packages/shared/src/format.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** The text at a dotted key, its {{variables}} filled; a missing key stops the build. */
function textAt(catalogue, key, values, where) {
  const text = key.split('.').reduce((node, part) => node?.[part], catalogue);
  if (typeof text !== 'string') throw new Error(`${where} has no text at ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`${where}: ${key} needs {{${name}}}`);
    return String(values[name]);
  });
}

/**
 * A language's words: `t(key, values)` for the documents' catalogue, `catalogue(area)` for one of
 * the web's, `locale` ('en', 'fr') and `tag` (the PDFs' language: en-CA, fr-CA).
 */
export function documentWords(locale) {
  const own = `packages/shared/src/locales/${locale}/pdf-documents.json`;
  const documents = read(own);
  return {
    locale,
    tag: localeOf(locale),
    t: (key, values = {}) => textAt(documents, key, values, own),
    catalogue: (area) => read(`apps/web/src/locales/${locale}/${area}.json`),
  };
}
