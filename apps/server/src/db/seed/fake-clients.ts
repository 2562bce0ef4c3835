import type { STATUS_TYPES } from '@cairn/shared/enums';
import { CITIZENSHIPS, EDUCATION_LEVELS, MARITAL_STATUSES, RESERVES, YES_NO } from '@cairn/shared/enums';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import { clientRowValues } from '../client-row.ts';
import type { clients } from '../schema/clients.ts';
import {
  emailLocalPart,
  fakePostalCode,
  fakeSin,
  isoDaysBefore,
  OTHER_LANGUAGES,
  type Locale,
  type Rng,
} from './fake-data.ts';
import { SMALL_NAMES, type NamePicker } from './fake-names.ts';

type StatusType = (typeof STATUS_TYPES)[number];

/** A client's answers, by their API names, plus the SIN in clear (encrypted on the way in). */
export interface FakeClient {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  date_of_birth: string | null;
  gender: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
  sin: string | null;
  language_spoken: string | null;
  marital_status: string | null;
  number_dependents: number | null;
  youth_in_care: string | null;
  nation: string | null;
  disability: string | null;
  citizenship: string | null;
  highest_education: string | null;
  indigenous: string | null;
  status_type: string | null;
  reserve: string | null;
  indigenous_language: string | null;
  status_number: string | null;
}

export interface FakeClientChoices {
  first_name?: string;
  last_name?: string;
  gender?: 'Male' | 'Female' | 'Other';
  /** 'No', or the ancestry of an Indigenous client. */
  ancestry?: 'No' | StatusType;
  /** Leave out answers the missing-information flag needs. */
  incomplete?: boolean;
  sin?: boolean;
  /** A language other than English (a newcomer's), or null for none. */
  language?: string | null;
  /** Where the names and phone numbers come from: the short lists unless given (the large seed's are longer). */
  names?: NamePicker;
}

const ODDS = {
  indigenous: 0.22,
  sin: 0.6,
  email: 0.78,
  phone: 0.9,
  address: 0.8,
  newcomer: 0.18,
  incomplete: 0.08,
} as const;

function weighted<T>(rng: Rng, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let r = rng.next() * total;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

const ANCESTRIES: ReadonlyArray<readonly [StatusType, number]> = [
  ['Status First Nation', 55],
  ['Non-status First Nation', 15],
  ['Métis', 22],
  ['Inuit', 8],
];

/** Age at intake: most clients are of working age, a few are youth or near retirement. */
function birthDate(rng: Rng, today: Date): string {
  const [youngest, oldest] = weighted(rng, [
    [[16, 24], 25],
    [[25, 44], 45],
    [[45, 59], 22],
    [[60, 70], 8],
  ] as const);
  return isoDaysBefore(today, rng.int(youngest, oldest) * 365 + rng.int(0, 364));
}

/**
 * One plausible client of a centre in `locale`. Every random choice comes from `rng`, so the same
 * seed gives the same people.
 */
export function fakeClient(
  rng: Rng,
  locale: Locale,
  today: Date,
  choices: FakeClientChoices = {},
): FakeClient {
  const gender =
    choices.gender ??
    weighted(rng, [
      ['Female', 50],
      ['Male', 48],
      ['Other', 2],
    ] as const);
  const names = choices.names ?? SMALL_NAMES;
  const ancestry =
    choices.ancestry ?? (rng.chance(ODDS.indigenous) ? weighted(rng, ANCESTRIES) : ('No' as const));
  const indigenous = ancestry !== 'No';
  const first = choices.first_name ?? names.first(rng, gender);
  const last = choices.last_name ?? names.last(rng, indigenous);
  const newcomer =
    choices.language !== undefined ? choices.language !== null : !indigenous && rng.chance(ODDS.newcomer);
  const incomplete = choices.incomplete ?? rng.chance(ODDS.incomplete);
  const hasSin = choices.sin ?? rng.chance(ODDS.sin);

  const domain = rng.pick(['example.com', 'example.ca', 'example.org']);
  const email = rng.chance(ODDS.email)
    ? `${emailLocalPart(first, last)}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${domain}`
    : null;
  const hasAddress = rng.chance(ODDS.address);

  const client: FakeClient = {
    first_name: first,
    middle_name: rng.chance(0.25) ? names.first(rng, gender) : null,
    last_name: last,
    date_of_birth: rng.chance(0.95) ? birthDate(rng, today) : null,
    gender,
    email,
    phone: rng.chance(ODDS.phone) ? names.phone(rng, locale.areaCode) : null,
    address: hasAddress ? `${rng.int(1, 2999)} ${rng.pick(locale.streets)}` : null,
    city: hasAddress ? locale.city : null,
    province: hasAddress ? locale.province : null,
    postal_code: hasAddress && rng.chance(0.9) ? fakePostalCode(rng, rng.pick(locale.fsas)) : null,
    sin: hasSin ? fakeSin(rng) : null,
    language_spoken: newcomer ? (choices.language ?? rng.pick(OTHER_LANGUAGES)) : null,
    marital_status: rng.chance(0.85) ? rng.pick(MARITAL_STATUSES) : null,
    number_dependents: rng.chance(0.8)
      ? weighted(rng, [
          [0, 45],
          [1, 20],
          [2, 18],
          [3, 10],
          [4, 5],
          [5, 2],
        ] as const)
      : null,
    youth_in_care: rng.chance(0.7) ? (rng.chance(indigenous ? 0.2 : 0.06) ? 'Yes' : 'No') : null,
    nation: null,
    disability: rng.chance(0.16) ? 'Yes' : 'No',
    citizenship: newcomer
      ? weighted(rng, [
          [CITIZENSHIPS[0], 30],
          [CITIZENSHIPS[1], 55],
          [CITIZENSHIPS[2], 15],
        ] as const)
      : CITIZENSHIPS[0],
    highest_education: weighted(
      rng,
      EDUCATION_LEVELS.map((e, i) => [e, [4, 22, 30, 16, 14, 10, 4][i]!] as const),
    ),
    indigenous: indigenous ? YES_NO[0] : YES_NO[1],
    status_type: null,
    reserve: null,
    indigenous_language: null,
    status_number: null,
  };

  if (indigenous) {
    client.status_type = ancestry;
    client.nation =
      ancestry === 'Métis'
        ? locale.metisNation
        : ancestry === 'Inuit'
          ? null
          : rng.chance(0.9)
            ? rng.pick(locale.nations)
            : null;
    client.reserve = ancestry.endsWith('First Nation') && rng.chance(0.45) ? RESERVES[0] : RESERVES[1];
    client.status_number =
      ancestry === 'Status First Nation' && rng.chance(0.8)
        ? String(rng.int(1_000_000_000, 9_999_999_999))
        : null;
    client.indigenous_language = rng.chance(0.3) ? rng.pick(locale.languages) : null;
  }

  if (incomplete) {
    // What an intake typed in before the required answers were known, or a record carried over.
    const gap = weighted(rng, [
      ['highest_education', 45],
      [indigenous ? 'reserve' : 'citizenship', 30],
      ['disability', 25],
    ] as const);
    client[gap] = null;
  }
  return client;
}

export type ClientInsert = typeof clients.$inferInsert;

/** The row to insert for `c`: answers, encrypted SIN, derived columns and bookkeeping. */
export function fakeClientValues(
  c: FakeClient,
  crypto: ClientDataCrypto,
  extra: { centreId: number; createdBy: number | null; createdAt: Date; updatedAt: Date },
): ClientInsert {
  return {
    ...clientRowValues(c, crypto),
    centreId: extra.centreId,
    consent: true,
    createdBy: extra.createdBy,
    createdAt: extra.createdAt,
    updatedAt: extra.updatedAt,
  };
}
