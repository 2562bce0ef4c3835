import { FIRST_LOCALE, type Locale } from './locales.ts';

/**
 * The PDFs the build writes from the repository's sources (scripts/build-documents.mjs): the
 * collection notice the intake links to and the three forms of the Documents page, in every
 * language (issue 34). English keeps the spec's addresses, /documents/<file>; another language has
 * the same files under its own folder, /documents/fr/<file>, with the same form field names.
 */
export const DOCUMENT_FILES = [
  'collection_notice.pdf',
  'intake_form.pdf',
  'plan_form.pdf',
  'consent_form.pdf',
] as const;
export type DocumentFile = (typeof DOCUMENT_FILES)[number];

/** The folder of a language's documents under documents/: '' for English, 'fr/' for French. */
export function documentFolder(locale: Locale): string {
  return locale === FIRST_LOCALE ? '' : `${locale}/`;
}

/** The address a document is served at in a language: /documents/intake_form.pdf, /documents/fr/… */
export function documentAddress(file: DocumentFile, locale: Locale): string {
  return `/documents/${documentFolder(locale)}${file}`;
}
