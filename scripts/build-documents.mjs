// Writes the static PDFs the web app links to (apps/web/public/documents/), with pdf-lib, before
// the web build copies them: the collection notice the intake links to, and the three fillable
// forms of the Documents page (scripts/documents/forms.mjs, built from the app's own questions).
// Run it with `node --import tsx` (the forms import the shared TypeScript). The output depends only
// on the sources, so rebuilding changes nothing.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COLLECTION_NOTICE } from './documents/collection-notice.mjs';
import { renderForm } from './documents/fillable-form.mjs';
import { consentForm, intakeForm, planForm } from './documents/forms.mjs';
import { renderText } from './documents/text-document.mjs';

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/documents');

await mkdir(OUT_DIR, { recursive: true });
await writeFile(path.join(OUT_DIR, COLLECTION_NOTICE.file), await renderText(COLLECTION_NOTICE));
for (const form of [intakeForm(), await planForm(), consentForm()]) {
  await writeFile(path.join(OUT_DIR, form.file), await renderForm(form));
}
