import type { ErrorCode, FieldMessage } from './errors.ts';
import apiErrors from './locales/en/api-errors.json' with { type: 'json' };
import mail from './locales/en/mail.json' with { type: 'json' };
import spreadsheets from './locales/en/spreadsheets.json' with { type: 'json' };
import validation from './locales/en/validation.json' with { type: 'json' };
import { messageOf, type MessageParams } from './messages.ts';

/**
 * The English wording of messages and errors, from the English catalogues the web app also
 * translates with (`locales/en/*.json`): what the API answers in `message` and `fields`. The web
 * app does not import this: it loads the catalogues of the active language.
 */
export const ENGLISH_CATALOGUES = { validation, 'api-errors': apiErrors } as const;

type Catalogue =
  (typeof ENGLISH_CATALOGUES)[keyof typeof ENGLISH_CATALOGUES] | typeof spreadsheets | typeof mail;

/** The wording at a dotted key (`login.emailMin`) of a catalogue, or undefined. */
export function wordingOf(catalogue: Catalogue, code: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of code.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The names of a wording's placeholders: `['min', 'max']` for 'between {{min}} and {{max}}'. */
export function placeholdersOf(wording: string): string[] {
  return [...wording.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!);
}

/** A wording with its placeholders filled, as i18next fills them. */
function fill(wording: string, params: MessageParams | undefined): string {
  return wording.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}

/** The English message of an API error. */
export function englishError(code: ErrorCode, params?: MessageParams): string {
  return fill(wordingOf(apiErrors, code) ?? code, params);
}

/** The English message of a field: a validation message, else an error (`email_taken`). */
export function englishField(field: FieldMessage): string {
  const wording = wordingOf(validation, field.code) ?? wordingOf(apiErrors, field.code) ?? validation.invalid;
  return fill(wording, field.params);
}

/** The English of a zod issue's message (`message(…)`); zod's own sentences read 'is not valid'. */
export function englishOf(text: string | undefined): string {
  return englishField(messageOf(text));
}

/**
 * The English of a spreadsheet's words (sheet names, column headers, file names) at a dotted key
 * of `locales/en/spreadsheets.json` (`ministry.summary.total`), placeholders filled. The files
 * the server writes are in English, as its messages are; the words live in the catalogue beside
 * the others, not in the code.
 */
export function englishSpreadsheet(key: string, params?: MessageParams): string {
  return filledAt(spreadsheets, 'spreadsheet', key, params);
}

/**
 * The ministry spreadsheet's sheet names, in the order the file holds them: the Summary, then the
 * sheets streamed from the records (ministry-report.service.ts), as `locales/en/spreadsheets.json`
 * words them.
 */
export const MINISTRY_SHEET_NAMES: readonly string[] = (
  ['summary', 'participants', 'interventions', 'outcomes', 'follow_ups', 'spending'] as const
).map((key) => englishSpreadsheet(`ministry.sheets.${key}`));

/** The wording at `key` of a catalogue the code names keys of, filled; a missing key is a bug. */
function filledAt(
  catalogue: Catalogue,
  what: string,
  key: string,
  params: MessageParams | undefined,
): string {
  const wording = wordingOf(catalogue, key);
  if (wording === undefined) throw new Error(`No ${what} wording at ${key}`);
  return fill(wording, params);
}

/**
 * The English of an email's words at a dotted key of `locales/en/mail.json` (`digest.subject`),
 * placeholders filled: the emails the server writes are in English, their words in the catalogue.
 */
export function englishMail(key: string, params?: MessageParams): string {
  return filledAt(mail, 'mail', key, params);
}
