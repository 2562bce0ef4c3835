import type { ErrorCode, FieldMessage } from './errors.ts';
import enApiErrors from './locales/en/api-errors.json' with { type: 'json' };
import enChoices from './locales/en/choices.json' with { type: 'json' };
import enMail from './locales/en/mail.json' with { type: 'json' };
import enSpreadsheets from './locales/en/spreadsheets.json' with { type: 'json' };
import enValidation from './locales/en/validation.json' with { type: 'json' };
import frApiErrors from './locales/fr/api-errors.json' with { type: 'json' };
import frChoices from './locales/fr/choices.json' with { type: 'json' };
import frMail from './locales/fr/mail.json' with { type: 'json' };
import frSpreadsheets from './locales/fr/spreadsheets.json' with { type: 'json' };
import frValidation from './locales/fr/validation.json' with { type: 'json' };
import type { Locale } from './locales.ts';
import { messageOf, type MessageParams } from './messages.ts';

/**
 * The wording of what the server writes (issue 34): API error messages, spreadsheets, emails and
 * the labels of stored choices, in each language, from the catalogues the web app also translates
 * with (`locales/<locale>/*.json`).
 * `wordsIn(locale)` words them in one language; the `english…` functions are English's. The web
 * app does not import this: it loads the catalogues of the active language.
 */
const CATALOGUES = {
  en: {
    validation: enValidation,
    apiErrors: enApiErrors,
    spreadsheets: enSpreadsheets,
    mail: enMail,
    choices: enChoices,
  },
  fr: {
    validation: frValidation,
    apiErrors: frApiErrors,
    spreadsheets: frSpreadsheets,
    mail: frMail,
    choices: frChoices,
  },
} as const;

/**
 * A list of stored choices `choices.json` labels (`gender`, `province`, `yes_no`…; choices.ts
 * names each list's values). The values stay as stored (the database's CHECKs and the ministry
 * file use them); only their labels are worded.
 */
export type ChoiceList = keyof typeof enChoices;

export const ENGLISH_CATALOGUES = { validation: enValidation, 'api-errors': enApiErrors } as const;

type Catalogue = object;

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

/** What the server writes, worded in one language. */
export interface Words {
  /** The message of an API error. */
  error(code: ErrorCode, params?: MessageParams): string;
  /** The message of a field: a validation message, else an error (`email_taken`). */
  field(field: FieldMessage): string;
  /** A zod issue's message (`message(…)`); zod's own sentences read 'is not valid'. */
  of(text: string | undefined): string;
  /** A spreadsheet's words (sheet names, column headers, file names) at a dotted key of spreadsheets.json. */
  spreadsheet(key: string, params?: MessageParams): string;
  /** An email's words at a dotted key of mail.json. */
  mail(key: string, params?: MessageParams): string;
  /**
   * A stored choice's label (`choices.json`, `<list>` then the value as stored); a value the list
   * does not label (a legacy one) is its own label.
   */
  choice(list: ChoiceList, value: string): string;
}

function wordsOf(locale: Locale): Words {
  const c = CATALOGUES[locale];
  const field = (f: FieldMessage) =>
    fill(wordingOf(c.validation, f.code) ?? wordingOf(c.apiErrors, f.code) ?? c.validation.invalid, f.params);
  return {
    error: (code, params) => fill(wordingOf(c.apiErrors, code) ?? code, params),
    field,
    of: (text) => field(messageOf(text)),
    spreadsheet: (key, params) => filledAt(c.spreadsheets, 'spreadsheet', key, params),
    mail: (key, params) => filledAt(c.mail, 'mail', key, params),
    choice: (list, value) => {
      const labels: Record<string, string> = c.choices[list];
      return Object.hasOwn(labels, value) ? labels[value]! : value;
    },
  };
}

const WORDS: Record<Locale, Words> = { en: wordsOf('en'), fr: wordsOf('fr') };

/** What the server writes, in `locale`. */
export function wordsIn(locale: Locale): Words {
  return WORDS[locale];
}

/** The English message of an API error. */
export const englishError = WORDS.en.error;

/** The English message of a field: a validation message, else an error (`email_taken`). */
export const englishField = WORDS.en.field;

/** The English of a zod issue's message (`message(…)`); zod's own sentences read 'is not valid'. */
export const englishOf = WORDS.en.of;

/**
 * The English of a spreadsheet's words (sheet names, column headers, file names) at a dotted key
 * of `locales/en/spreadsheets.json` (`ministry.summary.total`), placeholders filled.
 */
export const englishSpreadsheet = WORDS.en.spreadsheet;

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

/** The English of an email's words at a dotted key of `locales/en/mail.json` (`digest.subject`). */
export const englishMail = WORDS.en.mail;
