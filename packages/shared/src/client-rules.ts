/** The fields the missing-information flag looks at (spec §3). */
export interface MissingInfoFields {
  first_name?: string | null;
  last_name?: string | null;
  citizenship?: string | null;
  disability?: string | null;
  highest_education?: string | null;
  indigenous?: string | null;
  reserve?: string | null;
}

const empty = (v: string | null | undefined) => v == null || v.trim() === '';

/** The fields of one client answer that are missing, for the red icons of the profile. */
export function missingInfoFields(c: MissingInfoFields): Array<keyof MissingInfoFields> {
  const keys: Array<keyof MissingInfoFields> = [
    'first_name',
    'last_name',
    'citizenship',
    'disability',
    'highest_education',
    'indigenous',
  ];
  const missing = keys.filter((k) => empty(c[k]));
  if (c.indigenous === 'Yes' && empty(c.reserve)) missing.push('reserve');
  return missing;
}

/**
 * Spec §3: a client misses required information when first name, last name, citizenship,
 * disability, highest education or indigenous is empty, or indigenous is Yes and reserve is empty.
 */
export function isClientMissingInfo(c: MissingInfoFields): boolean {
  return missingInfoFields(c).length > 0;
}

/** Lower case without accents or extra spaces: how names compare for duplicates and search. */
export function normalizeName(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text a client is found by: names, email and phone digits, normalised. */
export function clientSearchText(c: {
  first_name: string;
  middle_name?: string | null;
  last_name: string;
  email?: string | null;
  phone?: string | null;
}): string {
  const digits = (c.phone ?? '').replace(/\D/g, '');
  return normalizeName([c.first_name, c.middle_name, c.last_name, c.email, digits].filter(Boolean).join(' '));
}

/**
 * What splits a client's search text into its words (client_search_words, migration 0042, whose
 * triggers split with the same class: a test holds the two alike): spaces and the punctuation of
 * names and email addresses. An apostrophe stays inside its word (o'brien).
 */
export const SEARCH_WORD_SEPARATORS = /[\s.@_+,/()-]+/;

/** The words of a search text, as client_search_words holds them. */
export const searchTextWords = (text: string): string[] =>
  [...new Set(text.split(SEARCH_WORD_SEPARATORS))].filter(Boolean);

/** Masked SIN for display: only the last three digits (issue: protected SIN). */
export function maskSin(last3: string | null | undefined): string | null {
  return last3 ? `••• ••• ${last3}` : null;
}

/** The answers that only apply to an Indigenous client (spec §4 Ancestry). */
export interface AncestryAnswers {
  indigenous?: string | null;
  status_type?: string | null;
  nation?: string | null;
  reserve?: string | null;
  status_number?: string | null;
  indigenous_language?: string | null;
}

/**
 * Spec §5 save rules of a client, the same in the browser and on the server: the ancestry answers
 * are cleared unless indigenous is Yes, and the Indigenous language also when the client does not
 * speak one ('Do you speak an Indigenous language?' is asked by the form only; the API takes a
 * language as the answer Yes).
 */
export function applyClientSaveRules<T extends AncestryAnswers>(
  client: T,
  speaksIndigenousLanguage = true,
): T {
  const indigenous = client.indigenous === 'Yes';
  return {
    ...client,
    status_type: indigenous ? (client.status_type ?? null) : null,
    nation: indigenous ? (client.nation ?? null) : null,
    reserve: indigenous ? (client.reserve ?? null) : null,
    status_number: indigenous ? (client.status_number ?? null) : null,
    indigenous_language: indigenous && speaksIndigenousLanguage ? (client.indigenous_language ?? null) : null,
  };
}
