/**
 * Messages travel as codes with parameters, never as sentences: a schema, a service or the API
 * names a message by its code (`maxLength`) and the values its wording takes (`{ max: 64 }`); the
 * wording lives in the catalogues, `locales/<language>/validation.json` (English: spec §5's
 * words, its one misspelling corrected, 'vlid' NOC) with i18next's `{{max}}` placeholders.
 */

/** The values a message's wording takes, e.g. `max` in 'must be less than {{max}} characters'. */
export type MessageParams = Record<string, string | number>;

/** A message by code, with its values when its wording takes any. */
export interface MessageRef {
  code: string;
  params?: MessageParams;
}

/**
 * Every validation message by code, with the names of the values its wording takes. The English
 * catalogue holds exactly these codes, each with exactly these placeholders (a unit test says so).
 */
export const VALIDATION_MESSAGES = {
  required: [],
  /** Anything not valid that no message of ours names (a wrong type, zod's own checks). */
  invalid: [],
  json: [],
  minLength: ['min'],
  maxLength: ['max'],
  noSpaces: [],
  wholeNumber: [],
  number: [],
  money: [],
  moneyMax: [],
  email: [],
  sin: [],
  postalCode: [],
  noc: [],
  valuesMatch: [],
  image: [],
  imageTooLarge: [],
  futureDate: [],
  'login.emailRequired': [],
  'login.emailMin': [],
  'login.emailMax': [],
  'login.emailValid': [],
  'login.passwordRequired': [],
  'login.passwordMin': [],
  'login.passwordMax': [],
  'password.min': [],
  'password.max': [],
  'password.uppercase': [],
  'password.lowercase': [],
  'password.digit': [],
  'password.confirmRequired': [],
  'password.match': [],
  provinceInvalid: [],
  choice: [],
  date: [],
  dateTooEarly: [],
  noteDateTooLate: [],
  controlCharacters: [],
  range: ['min', 'max'],
  roleInvalid: [],
  idempotencyKey: [],
  /** A report's range whose start comes after its end. */
  dateRangeReversed: [],
  /** A report's range wider than REPORTING_LIMITS.rangeYearsMax. */
  dateRangeTooLong: ['years'],
  /** A file name holding a slash, a backslash, a tab or a line break. */
  fileName: [],
} as const satisfies Record<string, readonly string[]>;

export type MessageCode = keyof typeof VALIDATION_MESSAGES;

/** No argument for a message without values, else an object naming each of its values. */
export type ParamsArg<Names extends readonly string[]> = Names extends readonly []
  ? []
  : [params: Record<Names[number], string | number>];

/** What starts a message reference carried as a zod message: no sentence of zod's starts so. */
const PREFIX = 'msg:';
const TOKEN = /^msg:([A-Za-z]+(?:\.[A-Za-z]+)*)(\{.*\})?$/s;

/**
 * A message reference as a zod issue can carry it (zod keeps one string per issue):
 * `message('maxLength', { max: 64 })` gives `msg:maxLength{"max":64}`; `parseMessage` reads it back.
 */
export function message<C extends MessageCode>(
  code: C,
  ...[params]: ParamsArg<(typeof VALIDATION_MESSAGES)[C]>
): string {
  return params ? `${PREFIX}${code}${JSON.stringify(params)}` : `${PREFIX}${code}`;
}

function isParams(value: unknown): value is MessageParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number')
  );
}

/** The code and values of a `message(…)` text, or undefined for any other text (zod's own, say). */
export function parseMessage(text: string): { code: MessageCode; params?: MessageParams } | undefined {
  const match = TOKEN.exec(text);
  const code = match?.[1];
  if (code === undefined || !Object.hasOwn(VALIDATION_MESSAGES, code)) return undefined;
  if (match?.[2] === undefined) return { code: code as MessageCode };
  let params: unknown;
  try {
    params = JSON.parse(match[2]);
  } catch {
    return undefined;
  }
  return isParams(params) ? { code: code as MessageCode, params } : undefined;
}

/** The message a zod issue names: ours, or `invalid` for zod's own (its English never leaks). */
export function messageOf(text: string | undefined): { code: MessageCode; params?: MessageParams } {
  return (text === undefined ? undefined : parseMessage(text)) ?? { code: 'invalid' };
}
