import { clientSearchText, isClientMissingInfo, normalizeName } from '@cairn/shared/client-rules';
import { matchFirstName, matchName, matchPhone } from '@cairn/shared/duplicate-rules';
import { clientCreateBodySchema } from '@cairn/shared/clients.schemas';
import { getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClientDataCrypto } from '../lib/client-data-crypto.ts';
import { clients } from './schema/clients.ts';

/** The answers a client row's derived columns are computed from (API field names). */
export interface ClientRowSource {
  first_name: string;
  middle_name?: string | null;
  last_name: string;
  email?: string | null;
  phone?: string | null;
  citizenship?: string | null;
  disability?: string | null;
  highest_education?: string | null;
  indigenous?: string | null;
  reserve?: string | null;
  /** Digits only (as the shared SIN validator leaves it). Undefined: leave the stored SIN alone. */
  sin?: string | null;
}

export interface ClientSinColumns {
  sinEncrypted: string | null;
  sinHash: string | null;
  sinLast3: string | null;
}

export interface ClientDerivedColumns extends Partial<ClientSinColumns> {
  missingInfo: boolean;
  searchText: string;
  nameKey: string;
  matchGiven: string;
  matchFirst: string;
  matchFamily: string;
  matchPhone: string;
}

/**
 * First and last name normalised (lower case, no accents): what the duplicate warning compares
 * and the list sorts by name on. A space joins them, so 'Ann Smith' sorts before 'Anna Jones'.
 */
export function clientNameKey(firstName: string, lastName: string): string {
  return `${normalizeName(firstName)} ${normalizeName(lastName)}`;
}

/** The duplicate finder's forms of a client's names and phone (shared duplicate-rules.ts). */
export function clientMatchColumns(body: Pick<ClientRowSource, 'first_name' | 'last_name' | 'phone'>) {
  return {
    matchGiven: matchName(body.first_name),
    matchFirst: matchFirstName(body.first_name),
    matchFamily: matchName(body.last_name),
    matchPhone: matchPhone(body.phone),
  };
}

/** The SIN as stored: ciphertext, keyed hash for look-ups, last three digits for the mask. */
export function clientSinColumns(sin: string | null, crypto: ClientDataCrypto): ClientSinColumns {
  if (!sin) return { sinEncrypted: null, sinHash: null, sinLast3: null };
  return { sinEncrypted: crypto.encrypt(sin), sinHash: crypto.hash(sin), sinLast3: sin.slice(-3) };
}

/**
 * Every column of a client row that is computed rather than typed in: the missing-information
 * flag, the search text, the duplicate-check name key and, when `sin` is present (even null), the
 * three SIN columns. Every writer of client rows uses this, so the derived columns never disagree.
 */
export function clientDerivedColumns(body: ClientRowSource, crypto: ClientDataCrypto): ClientDerivedColumns {
  const derived: ClientDerivedColumns = {
    missingInfo: isClientMissingInfo(body),
    searchText: clientSearchText(body),
    nameKey: clientNameKey(body.first_name, body.last_name),
    ...clientMatchColumns(body),
  };
  return body.sin === undefined ? derived : { ...derived, ...clientSinColumns(body.sin, crypto) };
}

/** The fields a client's body may hold (API names): the intake's answers, consent and centre. */
type ClientBodyField = keyof z.output<typeof clientCreateBodySchema>;
type ClientColumns = (typeof clients)['_']['columns'];
type ColumnName = ClientColumns[keyof ClientColumns]['_']['name'];
/** The table's key of the column whose SQL name is `N`. */
type ColumnKey<N> = {
  [K in keyof ClientColumns]: ClientColumns[K]['_']['name'] extends N ? K : never;
}[keyof ClientColumns];

/**
 * The body fields of `A` that are columns of clients, under the table's keys (first_name →
 * firstName): a client field's API name is its column's name. `sin` has no column of its own.
 */
export type ClientFieldColumns<A> = {
  [N in keyof A & ClientBodyField & ColumnName as ColumnKey<N>]: A[N];
};

/** The table's key of each column a body field names, by that name. */
const FIELD_COLUMN_KEYS = new Map(
  Object.entries(getTableColumns(clients))
    .filter(([, column]) => column.name in clientCreateBodySchema.shape)
    .map(([key, column]) => [column.name, key]),
);

/**
 * A client row as a save writes it from `answers` (API names, the spec §5 save rules already
 * applied): every body field that is a column, under the table's key, and the derived columns.
 * A field left out (undefined) is one an update leaves as stored.
 */
export function clientRowValues<A extends ClientRowSource>(
  answers: A,
  crypto: ClientDataCrypto,
): ClientFieldColumns<A> & ClientDerivedColumns {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(answers)) {
    const key = FIELD_COLUMN_KEYS.get(name);
    if (key !== undefined) fields[key] = value;
  }
  return { ...(fields as ClientFieldColumns<A>), ...clientDerivedColumns(answers, crypto) };
}
