import {
  createRng,
  fakePostalCode,
  fakeSin,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  type Rng,
} from '../../src/db/seed/fake-data.ts';

/**
 * A deterministic set of people with known duplicates (issue 31's measure of the matcher): the
 * originals, and copies of some of them typed again the way records of one person differ (a typo
 * in a name, a nickname, accents or a hyphen lost, the day and month swapped, a digit of the date
 * wrong, identifiers missing or different). `cluster` ties the records of one person.
 */
export interface GeneratedPerson {
  cluster: number;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  email: string | null;
  phone: string | null;
  postal_code: string | null;
  sin: string | null;
  /** What was changed from the original (none for an original). */
  changes: string[];
}

/** Given names with their short forms, so that nicknames occur (the matcher's table resolves them). */
const NICKNAMED: ReadonlyArray<readonly [string, string]> = [
  ['William', 'Bill'],
  ['Robert', 'Bob'],
  ['John', 'Jon'],
  ['Elizabeth', 'Liz'],
  ['Margaret', 'Peggy'],
  ['Richard', 'Rick'],
  ['James', 'Jim'],
  ['Katherine', 'Kate'],
  ['Michael', 'Mike'],
  ['Jennifer', 'Jenny'],
  ['Thomas', 'Tom'],
  ['Christopher', 'Chris'],
  ['Daniel', 'Dan'],
  ['Rebecca', 'Becky'],
  ['Alexander', 'Alex'],
  ['Patricia', 'Trish'],
];

const MORE_LAST_NAMES = [
  'Beaulieu',
  'Lefebvre',
  'Caron',
  'Paquette',
  'Desrosiers',
  'Nadeau',
  'Hébert',
  'Boucher',
  'Lapointe',
  'Ménard',
  'Harrison',
  'Bennett',
  'Dawson',
  'Fitzgerald',
  'Gallagher',
  'Hughes',
  'Jennings',
  'Lawson',
  'McKenzie',
  'Petersen',
  'Sutherland',
  'Whitfield',
  'Saint-Pierre',
  'Larocque-Dubois',
  'Vaillancourt',
];

const FIRSTS = [...FEMALE_FIRST_NAMES, ...MALE_FIRST_NAMES, ...NICKNAMED.map(([full]) => full)];
const LASTS = [...LAST_NAMES, ...MORE_LAST_NAMES];

const pad = (n: number) => String(n).padStart(2, '0');

function birthDate(rng: Rng): string {
  return `${rng.int(1950, 2006)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
}

const validDate = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso && iso < '2008-01-01';
};

/** A letter typed wrong: replaced, dropped, doubled or swapped with the next one. */
function typo(rng: Rng, name: string): string {
  if (name.length < 4) return name;
  const i = rng.int(1, name.length - 2);
  const letters = 'aeiourstnlmcdbk';
  switch (rng.int(0, 3)) {
    case 0:
      return name.slice(0, i) + letters[rng.int(0, letters.length - 1)] + name.slice(i + 1);
    case 1:
      return name.slice(0, i) + name.slice(i + 1);
    case 2:
      return name.slice(0, i) + name[i] + name.slice(i);
    default:
      return name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
  }
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '');

function swapped(dob: string): string | null {
  const [y, m, d] = dob.split('-');
  const out = `${y}-${d}-${m}`;
  return m !== d && validDate(out) ? out : null;
}

function oneDigitOff(rng: Rng, dob: string): string {
  for (let tries = 0; tries < 20; tries += 1) {
    const positions = [2, 3, 5, 6, 8, 9];
    const i = positions[rng.int(0, positions.length - 1)]!;
    const digit = String(rng.int(0, 9));
    const out = dob.slice(0, i) + digit + dob.slice(i + 1);
    if (out !== dob && validDate(out)) return out;
  }
  return dob;
}

function original(rng: Rng, cluster: number): GeneratedPerson {
  const first = rng.pick(FIRSTS);
  const last = rng.pick(LASTS);
  const local = stripAccents(`${first}.${last}`)
    .toLowerCase()
    .replace(/[^a-z.]/g, '');
  return {
    cluster,
    first_name: first,
    last_name: last,
    date_of_birth: rng.chance(0.97) ? birthDate(rng) : null,
    email: rng.chance(0.55) ? `${local}${rng.int(1, 9999)}@example.ca` : null,
    phone: rng.chance(0.65)
      ? `${rng.pick(['807', '306', '204'])}-${rng.int(200, 999)}-${rng.int(1000, 9999)}`
      : null,
    postal_code: rng.chance(0.6) ? fakePostalCode(rng, rng.pick(['P7A', 'S4P', 'R3C'])) : null,
    sin: rng.chance(0.4) ? fakeSin(rng) : null,
    changes: [],
  };
}

/** The same person typed again: one change to the name, one to the date, identifiers kept or not. */
function copyOf(rng: Rng, o: GeneratedPerson): GeneratedPerson {
  const p: GeneratedPerson = { ...o, changes: [] };
  const nick = NICKNAMED.find(([full]) => full === o.first_name)?.[1];
  const nameChange = rng.int(0, 9);
  if (nameChange <= 1 && nick) {
    p.first_name = nick;
    p.changes.push('nickname');
  } else if (nameChange <= 3) {
    p.last_name = typo(rng, o.last_name);
    p.changes.push('last_name_typo');
  } else if (nameChange === 4) {
    p.first_name = typo(rng, o.first_name);
    p.changes.push('first_name_typo');
  } else if (nameChange === 5) {
    p.first_name = stripAccents(o.first_name).toUpperCase();
    p.last_name = stripAccents(o.last_name).toUpperCase();
    p.changes.push('accents_case');
  } else if (nameChange === 6) {
    p.last_name = o.last_name.includes('-')
      ? o.last_name.replace('-', ' ')
      : `${o.last_name}-${rng.pick(LASTS)}`;
    p.changes.push('hyphen');
  }
  const dobChange = rng.int(0, 9);
  if (o.date_of_birth && dobChange <= 1) {
    const s = swapped(o.date_of_birth);
    if (s) {
      p.date_of_birth = s;
      p.changes.push('dob_swapped');
    }
  } else if (o.date_of_birth && dobChange <= 3) {
    p.date_of_birth = oneDigitOff(rng, o.date_of_birth);
    p.changes.push('dob_one_digit');
  } else if (dobChange === 4 && (o.email ?? o.phone ?? o.sin) !== null) {
    p.date_of_birth = null;
    p.changes.push('dob_missing');
  }
  // Identifiers: often missing on the second record, sometimes another email.
  if (rng.chance(0.4)) p.email = null;
  else if (rng.chance(0.15))
    p.email = `${stripAccents(p.first_name).toLowerCase()}${rng.int(1, 99)}@example.com`;
  if (rng.chance(0.4)) p.phone = null;
  if (rng.chance(0.5)) p.sin = null;
  if (rng.chance(0.4)) p.postal_code = null;
  // Without a date of birth on either side, a copy keeps one identifier of the original's: a
  // record with nothing but a name in common is a namesake as much as a duplicate, for any matcher.
  const shares = (['email', 'phone', 'sin'] as const).some((k) => p[k] !== null && p[k] === o[k]);
  if ((p.date_of_birth === null || o.date_of_birth === null) && !shares) {
    const kept = (['email', 'phone', 'sin'] as const).find((k) => o[k] !== null);
    if (kept) p[kept] = o[kept];
  }
  return p;
}

/** Whether a copy of `o` can share more than a name with it: a date of birth or an identifier. */
const copiable = (o: GeneratedPerson) =>
  o.date_of_birth !== null || o.email !== null || o.phone !== null || o.sin !== null;

/**
 * `total` records from `seed`: originals, of which about one in seven was typed again once or twice.
 * The same seed gives the same records on every machine.
 */
export function generatePeople(seed: number, total: number): GeneratedPerson[] {
  const rng = createRng(seed);
  const people: GeneratedPerson[] = [];
  let cluster = 0;
  while (people.length < total) {
    cluster += 1;
    const o = original(rng, cluster);
    people.push(o);
    if (rng.chance(0.14) && copiable(o)) {
      const copies = rng.chance(0.15) ? 2 : 1;
      for (let i = 0; i < copies && people.length < total; i += 1) people.push(copyOf(rng, o));
    }
  }
  return people;
}

/** The pairs of records of one person, as "lowerIndex:higherIndex" of the generated list. */
export function truePairs(people: readonly GeneratedPerson[]): Set<string> {
  const byCluster = new Map<number, number[]>();
  people.forEach((p, i) => byCluster.set(p.cluster, [...(byCluster.get(p.cluster) ?? []), i]));
  const pairs = new Set<string>();
  for (const members of byCluster.values()) {
    for (let i = 0; i < members.length; i += 1) {
      for (let j = i + 1; j < members.length; j += 1) pairs.add(`${members[i]}:${members[j]}`);
    }
  }
  return pairs;
}
