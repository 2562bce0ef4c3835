import { normalizeName } from './client-rules.ts';
import { canonicalGivenName } from './nicknames.ts';

/**
 * The duplicate finder's scoring (issue 31): what makes two client records likely the same
 * person. The database finds the candidate pairs (server: modules/duplicates) and measures their
 * names' trigram similarity (pg_trgm); these pure rules turn what it found into a score and the
 * reasons, the same for the intake warning, the Possible duplicates list and an import.
 */

/** Why two records look alike: codes the web words through its catalogue (clients.json). */
export const DUPLICATE_REASONS = [
  'same_sin',
  'same_name',
  'nickname',
  'name_similar',
  'dob_equal',
  'dob_swapped',
  'dob_one_digit',
  'same_email',
  'same_phone',
  'same_postal_code',
] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** A pair scoring at least this is a likely duplicate (measured: duplicates-precision.test.ts). */
export const DUPLICATE_THRESHOLD = 0.7;

/** A name as the matcher compares it: lower case, no accents, letters only (hyphens and spaces go). */
export function matchName(value: string | null | undefined): string {
  return normalizeName(value).replace(/[^a-z]/g, '');
}

/** A given name's comparable form, nicknames resolved (Bill → william). */
export function matchFirstName(value: string | null | undefined): string {
  return canonicalGivenName(matchName(value));
}

/** A phone number's digits, the country's leading 1 of an 11-digit number left out. */
export function matchPhone(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export type DobRelation = 'equal' | 'swapped' | 'one_digit';

/** How two dates of birth (YYYY-MM-DD) relate: equal, day and month swapped, one digit off, or not. */
export function dobRelation(a: string | null, b: string | null): DobRelation | null {
  if (!a || !b) return null;
  if (a === b) return 'equal';
  const [ya, ma, da] = a.split('-');
  const [yb, mb, db] = b.split('-');
  if (ya === yb && ma === db && da === mb) return 'swapped';
  let differing = 0;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) differing += 1;
  return differing === 1 ? 'one_digit' : null;
}

/** Edit distance with adjacent transpositions (optimal string alignment), stopping past `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) rows.push([i]);
  for (let j = 1; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

/** One side of a pair as the matcher sees it (matchName forms; dates YYYY-MM-DD). */
export interface MatchSide {
  given: string;
  /** The given name with nicknames resolved (matchFirstName). */
  first: string;
  family: string;
  dob: string | null;
}

/** What the database measured of a pair: equalities of identifiers and pg_trgm similarities. */
export interface PairFeatures {
  a: MatchSide;
  b: MatchSide;
  sameSin: boolean;
  sameEmail: boolean;
  samePhone: boolean;
  samePostalCode: boolean;
  /** pg_trgm similarity of the given names, and of the family names (0–1). */
  givenSimilarity: number;
  familySimilarity: number;
}

export interface MatchScore {
  score: number;
  reasons: DuplicateReason[];
}

/** How alike two name parts are (0–1): equal, a typo apart, one inside the other, else trigrams. */
function partLikeness(a: string, b: string, trigrams: number): number {
  if (a === '' || b === '') return 0;
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (editDistance(a, b, 2) <= (longest >= 8 ? 2 : 1)) return 0.85;
  // A name hyphenated or given in full on one side only: Tremblay / Tremblay-Roy, Marie / Marie-Claire.
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (short.length >= 3 && (long.startsWith(short) || long.endsWith(short))) return 0.85;
  return trigrams;
}

const WEIGHT = {
  name: 0.5,
  dob: { equal: 0.4, swapped: 0.32, one_digit: 0.28 } satisfies Record<DobRelation, number>,
  /** Both dates known and unrelated: likely two people of the same name. */
  dobDiffers: -0.35,
  email: 0.25,
  phone: 0.2,
  postalCode: 0.05,
  /** The same SIN is the same person whatever else differs. */
  sinFloor: 0.95,
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The score (0–1) and reasons of one pair. */
export function scoreMatch(f: PairFeatures): MatchScore {
  const reasons: DuplicateReason[] = [];
  if (f.sameSin) reasons.push('same_sin');

  const nickname = f.a.given !== f.b.given && f.a.first !== '' && f.a.first === f.b.first;
  const given = nickname ? 0.95 : partLikeness(f.a.given, f.b.given, f.givenSimilarity);
  const family = partLikeness(f.a.family, f.b.family, f.familySimilarity);
  const mean = (given + family) / 2;
  // One part unlike the other's (a sibling, a namesake's family name) weighs the whole name down.
  const name = Math.min(given, family) < 0.4 ? mean / 2 : mean;
  if (given === 1 && family === 1) reasons.push('same_name');
  else if (nickname && family >= 0.85) reasons.push('nickname');
  else if (name >= 0.6) reasons.push('name_similar');
  let score = WEIGHT.name * name;

  const dob = dobRelation(f.a.dob, f.b.dob);
  if (dob) {
    score += WEIGHT.dob[dob];
    reasons.push(`dob_${dob}`);
  } else if (f.a.dob && f.b.dob) score += WEIGHT.dobDiffers;

  if (f.sameEmail) {
    score += WEIGHT.email;
    reasons.push('same_email');
  }
  if (f.samePhone) {
    score += WEIGHT.phone;
    reasons.push('same_phone');
  }
  if (f.samePostalCode) {
    score += WEIGHT.postalCode;
    reasons.push('same_postal_code');
  }
  if (f.sameSin) score = Math.max(score, WEIGHT.sinFloor);
  return { score: round2(Math.min(1, Math.max(0, score))), reasons };
}

/** Whether a pair's score makes it a likely duplicate. */
export const isLikelyDuplicate = (m: MatchScore) => m.score >= DUPLICATE_THRESHOLD;
