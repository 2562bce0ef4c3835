import crypto from 'node:crypto';

/**
 * Encryption at rest for the most sensitive client data (the SIN, attachments): AES-256-GCM with
 * a random 96-bit nonce, and keyed hashes beside it for equality look-ups and file digests. Each
 * use has its own key derived from a master key with HKDF, so a leaked hash key never decrypts and
 * vice versa.
 *
 * Several master keys may be accepted (key rotation, issue 30): the current one
 * (CLIENT_DATA_KEY), which every write uses, and previous ones (CLIENT_DATA_KEYS_PREVIOUS), still
 * accepted for reading. A ciphertext names the key it was made with by its fingerprint
 * (`v2:<fingerprint>:<base64>`); a `v1:` one (from before keys were named) is tried with the
 * current key, then each previous one (the GCM tag tells a wrong key).
 */
export interface ClientDataCrypto {
  /** The current master key's fingerprint (clientKeyFingerprint): names the key, never reveals it. */
  fingerprint: string;
  /** Every accepted key's fingerprint, the current one first. */
  fingerprints: readonly string[];
  /** Under the current key, naming it. */
  encrypt(plain: string): string;
  /** With the key the payload names (a `v1:` payload: each accepted key in turn). */
  decrypt(payload: string): string;
  /** Whether a payload is already under the current key, naming it (nothing for rotation to do). */
  isCurrent(payload: string): boolean;
  /** HMAC-SHA-256, hex, under the current key: equal inputs give equal hashes, without revealing the input. */
  hash(plain: string): string;
  /** The hash under every accepted key, the current one first: a look-up finds a row not rotated yet. */
  hashes(plain: string): string[];
  /**
   * Bytes (an attachment's chunk) with `aad` bound in as associated data, under the current key:
   * nonce (12 bytes), tag (16) and ciphertext. Decrypting with another `aad`, or altered bytes, throws.
   */
  encryptBytes(plain: Uint8Array, aad: Uint8Array): Buffer;
  /**
   * With the key `fingerprint` names first (null: not named), then every other accepted key: a
   * download that began before a rotation re-encrypted the file still reads its later chunks.
   */
  decryptBytes(payload: Uint8Array, aad: Uint8Array, fingerprint: string | null): Buffer;
  /**
   * An attachment's stored digest: HMAC-SHA-256 (hex) of the plain bytes' SHA-256 (hex), so the
   * database alone cannot tell whether it holds a given file (issue 27). Under the current key.
   */
  fileDigest(sha256Hex: string): string;
  /** Whether `stored` is the digest of `sha256Hex` under the key `fingerprint` names (null: any accepted key). */
  digestMatches(sha256Hex: string, stored: string, fingerprint: string | null): boolean;
}

/** The bytes encryptBytes adds to each chunk: its nonce and its tag. */
export const BYTES_OVERHEAD = 28;

/** A value names a key that is neither the current one nor a previous one. */
export class UnknownClientKeyError extends Error {
  constructor(readonly fingerprint: string) {
    super(`client data encrypted with a key not configured (fingerprint ${fingerprint})`);
  }
}

const LEGACY = 'v1';
const NAMED = 'v2';

export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new Error('CLIENT_DATA_KEY must be 32 bytes, written as 64 hex digits or base64');
  return key;
}

/** CLIENT_DATA_KEYS_PREVIOUS: comma-separated keys, each as CLIENT_DATA_KEY is written. */
export function parseMasterKeys(text: string | undefined): Buffer[] {
  return (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      try {
        return parseMasterKey(part);
      } catch {
        throw new Error(
          'CLIENT_DATA_KEYS_PREVIOUS: each key must be 32 bytes, written as 64 hex digits or base64',
        );
      }
    });
}

/**
 * A key's fingerprint: 16 hex digits derived from it with HKDF under a use of their own, so it
 * names the key (a ciphertext, an attachment's row, a backup's manifest, a restore's check)
 * without revealing it or any key derived for use.
 */
export function clientKeyFingerprint(masterKey: Buffer): string {
  return Buffer.from(
    crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), 'cairn client data key fingerprint', 8),
  ).toString('hex');
}

/** The keys derived from one master key, one per use. */
interface KeySet {
  fingerprint: string;
  encKey: Buffer;
  macKey: Buffer;
  fileKey: Buffer;
  fileDigestKey: Buffer;
}

function keySetOf(masterKey: Buffer): KeySet {
  const derive = (info: string) =>
    Buffer.from(crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
  return {
    fingerprint: clientKeyFingerprint(masterKey),
    encKey: derive('cairn client data encryption'),
    macKey: derive('cairn client data lookup'),
    // Files get a key of their own (random nonces: one key for both would wear out sooner).
    fileKey: derive('cairn client files encryption'),
    fileDigestKey: derive('cairn client files digest'),
  };
}

function openText(keys: KeySet, raw: Buffer): string {
  const decipher = crypto.createDecipheriv('aes-256-gcm', keys.encKey, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

function openBytes(keys: KeySet, raw: Buffer, aad: Uint8Array): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', keys.fileKey, raw.subarray(0, 12));
  decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(12, BYTES_OVERHEAD));
  return Buffer.concat([decipher.update(raw.subarray(BYTES_OVERHEAD)), decipher.final()]);
}

/** The first key of `keys` that opens the value; the last failure when none does. */
function firstThatOpens<T>(keys: readonly KeySet[], open: (k: KeySet) => T): T {
  let failure: unknown = new Error('no client data key configured');
  for (const k of keys) {
    try {
      return open(k);
    } catch (err) {
      failure = err;
    }
  }
  throw failure;
}

const digestOf = (keys: KeySet, sha256Hex: string) =>
  crypto.createHmac('sha256', keys.fileDigestKey).update(sha256Hex).digest('hex');

export function createClientDataCrypto(current: Buffer, previous: readonly Buffer[] = []): ClientDataCrypto {
  const all: KeySet[] = [];
  for (const k of [current, ...previous].map(keySetOf))
    if (!all.some((a) => a.fingerprint === k.fingerprint)) all.push(k);
  const now = all[0]!;
  const named = (fingerprint: string) => {
    const k = all.find((a) => a.fingerprint === fingerprint);
    if (!k) throw new UnknownClientKeyError(fingerprint);
    return k;
  };
  /** The named key first, then the others; every key when none is named. */
  const inOrder = (fingerprint: string | null) =>
    fingerprint === null ? all : [named(fingerprint), ...all.filter((a) => a.fingerprint !== fingerprint)];
  return {
    fingerprint: now.fingerprint,
    fingerprints: all.map((k) => k.fingerprint),
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', now.encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const data = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
      return `${NAMED}:${now.fingerprint}:${data}`;
    },
    decrypt(payload) {
      const parts = payload.split(':');
      if (parts[0] === NAMED && parts.length === 3 && parts[2])
        return openText(named(parts[1]!), Buffer.from(parts[2], 'base64'));
      if (parts[0] === LEGACY && parts.length === 2 && parts[1]) {
        const raw = Buffer.from(parts[1], 'base64');
        return firstThatOpens(all, (k) => openText(k, raw));
      }
      throw new Error('unknown client data format');
    },
    isCurrent(payload) {
      return payload.startsWith(`${NAMED}:${now.fingerprint}:`);
    },
    hash(plain) {
      return crypto.createHmac('sha256', now.macKey).update(plain).digest('hex');
    },
    hashes(plain) {
      return all.map((k) => crypto.createHmac('sha256', k.macKey).update(plain).digest('hex'));
    },
    encryptBytes(plain, aad) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', now.fileKey, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptBytes(payload, aad, fingerprint) {
      const raw = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
      if (raw.length < BYTES_OVERHEAD) throw new Error('attachment chunk too short');
      return firstThatOpens(inOrder(fingerprint), (k) => openBytes(k, raw, aad));
    },
    fileDigest(sha256Hex) {
      return digestOf(now, sha256Hex);
    },
    digestMatches(sha256Hex, stored, fingerprint) {
      // A key not configured opens nothing: no match (a download answers damaged, never a fault).
      const keys = fingerprint === null ? all : all.filter((k) => k.fingerprint === fingerprint);
      return keys.some((k) => digestOf(k, sha256Hex) === stored);
    },
  };
}
