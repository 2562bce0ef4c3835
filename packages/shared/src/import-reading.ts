import {
  CITIZENSHIPS,
  EDUCATION_LEVELS,
  GENDERS,
  MARITAL_STATUSES,
  RESERVES,
  STATUS_TYPES,
  YES_NO,
} from './enums.ts';
import { IMPORT_FIELDS, type DateOrder, type ImportField } from './imports.schemas.ts';
import { PROVINCES } from './provinces.ts';

/**
 * How a spreadsheet's headers and cells read as client answers (issue 31): pure rules, shared by
 * the server's import and the web's column matching.
 */

/** A header or a choice compared: no accents, no case, no spaces, dashes, dots or underscores, no required mark. */
export function headerKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)|\*/g, '')
    .replace(/[\s_.\-'’/#:]+/g, '');
}

/** Other headers each field is known by (English and French), besides its own name. */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  first_name: ['first', 'first name', 'given name', 'forename', 'prénom', 'prenom'],
  middle_name: ['middle', 'middle name', 'second name', 'deuxième prénom', 'autre prénom'],
  last_name: ['last', 'last name', 'surname', 'family name', 'nom', 'nom de famille'],
  date_of_birth: [
    'dob',
    'birth date',
    'birthdate',
    'date of birth',
    'born',
    'birthday',
    'date de naissance',
    'naissance',
    'ddn',
  ],
  gender: ['sex', 'gender', 'genre', 'sexe'],
  email: ['e-mail', 'email address', 'mail', 'courriel', 'adresse courriel'],
  phone: ['phone number', 'telephone', 'tel', 'mobile', 'cell', 'téléphone', 'numéro de téléphone'],
  address: ['street', 'street address', 'address line 1', 'adresse'],
  city: ['town', 'municipality', 'ville'],
  province: ['prov', 'province/territory', 'territory', 'state'],
  postal_code: ['postal', 'postcode', 'post code', 'zip', 'zip code', 'code postal'],
  sin: [
    'social insurance number',
    'sin number',
    'nas',
    "numéro d'assurance sociale",
    'numero d assurance sociale',
  ],
  language_spoken: ['language', 'languages', 'spoken language', 'langue', 'langue parlée'],
  marital_status: ['marital', 'civil status', 'état civil', 'etat civil'],
  number_dependents: [
    'dependents',
    'dependants',
    'number of dependents',
    'number of dependants',
    'personnes à charge',
  ],
  youth_in_care: ['youth in care', 'in care', 'jeune pris en charge'],
  disability: ['disabled', 'has disability', 'handicap', 'incapacité'],
  citizenship: ['citizen', 'citizenship status', 'citoyenneté', 'statut'],
  highest_education: [
    'education',
    'education level',
    'highest level of education',
    'scolarité',
    'niveau de scolarité',
  ],
  indigenous: ['indigenous status', 'aboriginal', 'first nations', 'autochtone'],
  status_type: ['status', 'indigenous status type', 'type de statut'],
  nation: ['first nation', 'band', 'nation', 'bande'],
  reserve: ['on reserve', 'reserve status', 'réserve'],
  status_number: ['status card', 'status card number', 'registration number', 'numéro de statut'],
  indigenous_language: ['indigenous language', 'langue autochtone'],
  consent: ['consent signed', 'consent form', 'release form', 'consentement'],
  centre_id: ['centre', 'center', 'centre name', 'center name', 'centre id', 'center id', 'office', 'site'],
};

const FIELD_BY_HEADER: ReadonlyMap<string, ImportField> = new Map(
  IMPORT_FIELDS.flatMap((field) =>
    [field, ...SYNONYMS[field]].map((name) => [headerKey(name), field] as [string, ImportField]),
  ),
);

/** The field a header names (its API name, a spec word or a common synonym), or null. */
export function fieldOfHeader(header: string): ImportField | null {
  return FIELD_BY_HEADER.get(headerKey(header)) ?? null;
}

/** Each column's field from the headers: the first column naming a field takes it, later ones none. */
export function matchHeaders(headers: readonly string[]): Array<ImportField | null> {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = fieldOfHeader(header);
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The choices of each enumerated field, as stored. */
export const IMPORT_CHOICES: Partial<Record<ImportField, readonly string[]>> = {
  gender: GENDERS,
  province: PROVINCES.map((p) => p.code),
  marital_status: MARITAL_STATUSES,
  youth_in_care: YES_NO,
  disability: YES_NO,
  citizenship: CITIZENSHIPS,
  highest_education: EDUCATION_LEVELS,
  indigenous: YES_NO,
  status_type: STATUS_TYPES,
  reserve: RESERVES,
  consent: YES_NO,
};

/** Other ways a choice is written: Y/N, Oui/Non, True/False, a province's name, M/F. */
const CHOICE_SYNONYMS: Record<string, readonly string[]> = {
  Yes: ['y', 'yes', 'oui', 'o', 'true', 'vrai', '1', 'x'],
  No: ['n', 'no', 'non', 'false', 'faux', '0'],
  Male: ['m', 'man', 'homme', 'h'],
  Female: ['f', 'woman', 'femme'],
  Other: ['autre', 'x'],
};

const CHOICE_KEYS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  Object.entries(IMPORT_CHOICES).map(([field, values]) => {
    const keys = new Map<string, string>();
    for (const value of values) {
      keys.set(headerKey(value), value);
      for (const other of CHOICE_SYNONYMS[value] ?? [])
        if (!keys.has(headerKey(other))) keys.set(headerKey(other), value);
    }
    if (field === 'province') for (const p of PROVINCES) keys.set(headerKey(p.name), p.code);
    return [field, keys];
  }),
);

/** A choice as stored, whatever its case, accents or spelling among the known ones; else the text as written. */
export function choiceOf(field: ImportField, text: string): string {
  return CHOICE_KEYS.get(field)?.get(headerKey(text)) ?? text;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;

/**
 * A date as YYYY-MM-DD: 2024-03-05 (or 2024/3/5), 05/03/2024 and 5-3-24 in `order`, a day-first
 * date whose first number is past 12 read as such whatever the order. Anything else is kept as
 * written, for the date rule to refuse.
 */
export function dateOf(text: string, order: DateOrder): string {
  const t = text.trim().replace(/[T ]00:00(:00(\.0+)?)?Z?$/, '');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(t);
  if (!m) return text.trim();
  let [a, b] = [Number(m[1]), Number(m[2])];
  if (order === 'mdy' ? a <= 12 || b > 12 : a <= 12 && b > 12) [a, b] = [b, a];
  let year = Number(m[3]);
  // Two digits: this century unless that is after this year.
  if (m[3]!.length === 2) year += year + 2000 > new Date().getFullYear() ? 1900 : 2000;
  return iso(year, b, a);
}

/**
 * A cell's text as the field's answer: choices by their stored spelling, dates as YYYY-MM-DD,
 * postal codes upper case without spaces, consent as true/false. Text stays as written (a leading
 * `=`, `+`, `-` or `@` included: nothing is ever evaluated). Empty is null.
 */
export function answerOf(field: ImportField, text: string | null, order: DateOrder): unknown {
  if (text === null || text.trim() === '') return null;
  switch (field) {
    case 'date_of_birth':
      return dateOf(text, order);
    case 'postal_code':
      return text.replace(/\s+/g, '').toUpperCase();
    case 'consent': {
      const yes = choiceOf(field, text);
      return yes === 'Yes' ? true : yes === 'No' ? false : text;
    }
    default:
      return IMPORT_CHOICES[field] ? choiceOf(field, text) : text;
  }
}
