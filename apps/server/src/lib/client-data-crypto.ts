import crypto from 'node:crypto';

/**
 * Encryption at rest for the most sensitive client data (the SIN): AES-256-GCM with a random
 * 96-bit nonce, and a keyed hash beside it for equality look-ups. Both keys are derived from one
 * master key with HKDF, so a leaked hash key never decrypts and vice versa.
 */
export interface ClientDataCrypto {
  /** The master key's fingerprint (clientKeyFingerprint): names the key, never reveals it. */
  fingerprint: string;
  encrypt(plain: string): string;
  decrypt(payload: string): string;
  /** HMAC-SHA-256, hex: equal inputs give equal hashes, without revealing the input. */
  hash(plain: string): string;
  /**
   * Bytes (an attachment's chunk) with `aad` bound in as associated data: nonce (12 bytes), tag
   * (16) and ciphertext. Decrypting with another `aad`, or altered bytes, throws.
   */
  encryptBytes(plain: Uint8Array, aad: Uint8Array): Buffer;
  decryptBytes(payload: Uint8Array, aad: Uint8Array): Buffer;
  /**
   * An attachment's stored digest: HMAC-SHA-256 (hex) of the plain bytes' SHA-256 (hex), so the
   * database alone cannot tell whether it holds a given file (issue 27).
   */
  fileDigest(sha256Hex: string): string;
}

/** The bytes encryptBytes adds to each chunk: its nonce and its tag. */
export const BYTES_OVERHEAD = 28;

const VERSION = 'v1';

export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new Error('CLIENT_DATA_KEY must be 32 bytes, written as 64 hex digits or base64');
  return key;
}

/**
 * A key's fingerprint: 16 hex digits derived from it with HKDF under a use of their own, so it
 * names the key (a backup's manifest, a restore's check) without revealing it or any key derived
 * for use.
 */
export function clientKeyFingerprint(masterKey: Buffer): string {
  return Buffer.from(
    crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), 'cairn client data key fingerprint', 8),
  ).toString('hex');
}

export function createClientDataCrypto(masterKey: Buffer): ClientDataCrypto {
  const derive = (info: string) =>
    Buffer.from(crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
  const encKey = derive('cairn client data encryption');
  const macKey = derive('cairn client data lookup');
  // Files get a key of their own (random nonces: one key for both would wear out sooner).
  const fileKey = derive('cairn client files encryption');
  const fileDigestKey = derive('cairn client files digest');
  return {
    fingerprint: clientKeyFingerprint(masterKey),
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    decrypt(payload) {
      const [version, data] = payload.split(':');
      if (version !== VERSION || !data) throw new Error('unknown client data format');
      const raw = Buffer.from(data, 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', encKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    hash(plain) {
      return crypto.createHmac('sha256', macKey).update(plain).digest('hex');
    },
    encryptBytes(plain, aad) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', fileKey, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    fileDigest(sha256Hex) {
      return crypto.createHmac('sha256', fileDigestKey).update(sha256Hex).digest('hex');
    },
    decryptBytes(payload, aad) {
      const raw = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
      if (raw.length < BYTES_OVERHEAD) throw new Error('attachment chunk too short');
      const decipher = crypto.createDecipheriv('aes-256-gcm', fileKey, raw.subarray(0, 12));
      decipher.setAAD(aad);
      decipher.setAuthTag(raw.subarray(12, BYTES_OVERHEAD));
      return Buffer.concat([decipher.update(raw.subarray(BYTES_OVERHEAD)), decipher.final()]);
    },
  };
}
