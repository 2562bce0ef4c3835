import { z } from 'zod';
import { isIsoDate, isNotInFuture, isNotTooEarly } from './dates.ts';
import { LOCALES } from './locales.ts';
import { message } from './messages.ts';

/** Canadian postal code without spaces, e.g. K1A0B1 (first letters D, F, I, O, Q, U, W and Z are never used). */
const POSTAL_CODE_RE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/i;

/** A required text field: trimmed, not empty, at most `max` characters. */
export function requiredText(max: number) {
  return z
    .string({ error: message('required') })
    .trim()
    .min(1, message('required'))
    .max(max, message('maxLength', { max }));
}

/** An optional text field: trimmed; empty becomes null (spec §5: empty strings become null). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, message('maxLength', { max }))
    .nullish()
    .transform((v) => (v ? v : null));
}

export function requiredEmail(max: number) {
  return z
    .string({ error: message('required') })
    .trim()
    .min(1, message('required'))
    .max(max, message('maxLength', { max }))
    .regex(z.regexes.email, message('email'));
}

export const optionalPostalCode = z
  .string()
  .trim()
  .refine((v) => !/\s/.test(v), message('noSpaces'))
  .refine((v) => v === '' || /\s/.test(v) || POSTAL_CODE_RE.test(v), message('postalCode'))
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null));

/** The largest id PostgreSQL's integer columns hold: a larger one cannot name a record. */
export const ID_MAX = 2147483647;

/**
 * The message of an id beyond ID_MAX. It names no record, so the API answers it as it answers a
 * missing record (404), wherever it is sent: the path, the query or the body.
 */
export const ID_OUT_OF_RANGE = 'id_out_of_range';

/** An id as a path or a query writes it: decimal digits, no sign, no leading zero, nothing else. */
const CANONICAL_ID = /^[1-9][0-9]*$/;

/**
 * A record id: a positive whole number within the database's integer range (the one id schema).
 * Bodies send numbers; paths and queries send text, taken only in its canonical decimal form, so
 * `1e3`, `0x1`, `01`, `1.0` or `1 ` is 400 and never names record 1 or 1000 (issue 27).
 */
export function idSchema(requiredMessage?: string) {
  // Typed as taking a number: the API's bodies send numbers, and so do the web's generated types.
  return z.preprocess(
    (value: number) => {
      const raw: unknown = value;
      return typeof raw === 'string' && CANONICAL_ID.test(raw) ? Number(raw) : raw;
    },
    z
      .number(requiredMessage ? { error: requiredMessage } : undefined)
      .int()
      .positive()
      .max(ID_MAX, ID_OUT_OF_RANGE),
  );
}

/**
 * A page of a list, as a query sends it (`page=3`): 1 unless asked, at most 10,000,000, so that
 * every page of a national host's client list can be typed (3,000,000 clients are 120,001 pages
 * of 25; docs/performance.md). A page past the end answers no rows.
 */
const MAX_PAGE = 10_000_000;
export const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

/** A positive database id taken from a path such as /users/{id}. */
export const idParam = z.object({ id: idSchema() });

/**
 * What the API description says of a field whose validator JSON Schema cannot render (a pipe or a
 * transform documents only its input, any string): the description must be as strict as the
 * validator, since the web's types are generated from it.
 */
const documentedAs = {
  choice: (values: readonly string[]) => ({ type: 'string', enum: [...values] }),
  optionalChoice: (values: readonly string[]) => ({
    type: 'string',
    enum: [...values, null],
    nullable: true,
  }),
  date: { type: 'string', format: 'date' },
  optionalDate: { type: 'string', format: 'date', nullable: true },
};

/** One of `values`, required; an empty answer says 'This field is required'. */
export function requiredChoice<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string({ error: message('required') })
    .min(1, message('required'))
    .pipe(z.enum(values, { error: message('choice') }))
    .meta(documentedAs.choice(values));
}

/** One of `values`, or nothing (empty becomes null). */
export function optionalChoice<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.enum(values, { error: message('choice') }).nullable())
    .meta(documentedAs.optionalChoice(values));
}

/** A YYYY-MM-DD date in an answer. */
export const isoDate = z.string().meta(documentedAs.date);
/** A moment in an answer (ISO 8601 with its offset). */
export const isoDateTime = z.string().meta({ type: 'string', format: 'date-time' });
/**
 * One of `values` in an answer, or nothing. The database's CHECKs keep stored answers to the list;
 * the answer documents the list, so the web's generated types know it.
 */
export const choiceOf = (values: readonly string[]) => z.string().meta(documentedAs.choice(values));
export const optionalChoiceOf = (values: readonly string[]) =>
  z.string().nullable().meta(documentedAs.optionalChoice(values));

const dateText = z
  .string()
  .trim()
  .refine((v) => v === '' || isIsoDate(v), message('date'))
  .refine((v) => v === '' || !isIsoDate(v) || isNotInFuture(v), message('futureDate'))
  .refine((v) => v === '' || !isIsoDate(v) || isNotTooEarly(v), message('dateTooEarly'));

/** A YYYY-MM-DD date not after today, or nothing. */
export const optionalPastDate = dateText
  .nullish()
  .transform((v) => (v ? v : null))
  .meta(documentedAs.optionalDate);

/** A YYYY-MM-DD date not after today, required. */
export const requiredPastDate = z
  .string({ error: message('required') })
  .trim()
  .min(1, message('required'))
  .pipe(dateText)
  .meta(documentedAs.date);

/** A whole number from `min` to `max`, or nothing; the form sends text, the API numbers. */
export function optionalWholeNumber(min: number, max: number) {
  return z
    .union([z.number(), z.string().trim()])
    .nullish()
    .refine((v) => v == null || v === '' || /^\d+$/.test(String(v)), message('wholeNumber'))
    .transform((v) => (v == null || v === '' ? null : Number(v)))
    .refine((v) => v == null || (v >= min && v <= max), message('range', { min: min, max: max }));
}

/** A Social Insurance Number: 9 digits from 100000000 to 999999999; spaces and dashes are ignored. */
export const optionalSin = z
  .string()
  .nullish()
  .transform((v) => (v ? v.replace(/[\s-]/g, '') : null))
  .refine((v) => v === null || (/^\d{9}$/.test(v) && Number(v) >= 100000000), message('sin'));

/**
 * `?lang=en|fr` of a file the server writes (issue 34): the language of its sheet names, headers
 * and file name; without it, the requester's.
 */
export const fileLanguage = z
  .enum(LOCALES, { error: message('choice') })
  .optional()
  .meta({ description: "The file's language (en, fr); the requester's unless given." });
