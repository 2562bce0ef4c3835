import { clientSearchText, isClientMissingInfo, normalizeName } from '@cairn/shared/client-rules';
import type { ClientDataCrypto } from '../lib/client-data-crypto.ts';

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
}

/**
 * First and last name normalised (lower case, no accents): what the duplicate warning compares
 * and the list sorts by name on. A space joins them, so 'Ann Smith' sorts before 'Anna Jones'.
 */
export function clientNameKey(firstName: string, lastName: string): string {
  return `${normalizeName(firstName)} ${normalizeName(lastName)}`;
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
  };
  return body.sin === undefined ? derived : { ...derived, ...clientSinColumns(body.sin, crypto) };
}
