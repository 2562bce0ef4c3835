// Writes the static PDFs the web app links to (apps/web/public/documents/), with pdf-lib, before
// the web build copies them: the collection notice the intake links to, and the three fillable
// forms of the Documents page (scripts/documents/forms.mjs, built from the app's own questions).
// Each in every language (issue 34): English at documents/<file>, French at documents/fr/<file>,
// their words from the catalogues (scripts/documents/words.mjs), their field names the same.
// Run it with `node --import tsx` (the forms import the shared TypeScript). The output depends only
// on the sources (fixed dates, no random identifiers), so rebuilding changes nothing.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededBarriers } from '../apps/server/src/db/seed/seeded-catalogue.ts';
import { documentFolder } from '../packages/shared/src/documents.ts';
import { LOCALES } from '../packages/shared/src/locales.ts';
import { collectionNotice } from './documents/collection-notice.mjs';
import { renderForm } from './documents/fillable-form.mjs';
import { consentForm, intakeForm, planForm } from './documents/forms.mjs';
import { renderText } from './documents/text-document.mjs';
import { documentWords } from './documents/words.mjs';

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/documents');

const barriers = await seededBarriers();
for (const locale of LOCALES) {
  const words = documentWords(locale);
  const dir = path.join(OUT_DIR, documentFolder(locale));
  await mkdir(dir, { recursive: true });
  const notice = collectionNotice(words);
  await writeFile(path.join(dir, notice.file), await renderText(notice, words));
  for (const form of [intakeForm(words), planForm(words, barriers), consentForm(words)]) {
    await writeFile(path.join(dir, form.file), await renderForm(form, words));
  }
}
