import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  clientKeyFingerprint,
  createClientDataCrypto,
  parseMasterKey,
  parseMasterKeys,
  UnknownClientKeyError,
} from './client-data-crypto.ts';

const key = crypto.randomBytes(32);

describe('client data encryption', () => {
  it('round-trips, with a different ciphertext every time', () => {
    const c = createClientDataCrypto(key);
    const a = c.encrypt('123456789');
    const b = c.encrypt('123456789');
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456789');
    expect(c.decrypt(a)).toBe('123456789');
  });

  it('refuses a tampered ciphertext and another key', () => {
    const c = createClientDataCrypto(key);
    const payload = c.encrypt('123456789');
    const [version, fingerprint, data] = payload.split(':');
    const raw = Buffer.from(data!, 'base64');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => c.decrypt(`${version}:${fingerprint}:${raw.toString('base64')}`)).toThrow();
    expect(() => createClientDataCrypto(crypto.randomBytes(32)).decrypt(payload)).toThrow();
  });

  it('hashes equal values equally, per key', () => {
    const c = createClientDataCrypto(key);
    expect(c.hash('123456789')).toBe(c.hash('123456789'));
    expect(c.hash('123456789')).not.toBe(c.hash('123456788'));
    expect(createClientDataCrypto(crypto.randomBytes(32)).hash('123456789')).not.toBe(c.hash('123456789'));
  });

  it('reads a key written in hex or base64, and refuses a short one', () => {
    expect(parseMasterKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseMasterKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseMasterKey('abcd')).toThrow(/32 bytes/);
  });

  it('names the key a value is under: v2 with the fingerprint', () => {
    const c = createClientDataCrypto(key);
    const payload = c.encrypt('123456789');
    expect(payload.startsWith(`v2:${clientKeyFingerprint(key)}:`)).toBe(true);
    expect(c.isCurrent(payload)).toBe(true);
    expect(c.fingerprints).toEqual([clientKeyFingerprint(key)]);
  });

  it('reads a v1 value (no key named) with the current key, else a previous one', () => {
    const old = crypto.randomBytes(32);
    const legacy = (masterKey: Buffer, plain: string) => {
      // What the v1 format wrote: the same derived key, nonce, tag and ciphertext, no key named.
      const encKey = Buffer.from(
        crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), 'cairn client data encryption', 32),
      );
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    };
    const c = createClientDataCrypto(key, [old]);
    expect(c.decrypt(legacy(key, '111222333'))).toBe('111222333');
    expect(c.decrypt(legacy(old, '444555666'))).toBe('444555666');
    expect(c.isCurrent(legacy(key, '111222333'))).toBe(false);
    expect(() => createClientDataCrypto(key).decrypt(legacy(old, '444555666'))).toThrow();
  });

  it('reads with a previous key the value names, writes and hashes with the current one', () => {
    const old = crypto.randomBytes(32);
    const before = createClientDataCrypto(old);
    const payload = before.encrypt('123456789');
    const c = createClientDataCrypto(key, [old]);
    expect(c.fingerprint).toBe(clientKeyFingerprint(key));
    expect(c.fingerprints).toEqual([clientKeyFingerprint(key), clientKeyFingerprint(old)]);
    expect(c.decrypt(payload)).toBe('123456789');
    expect(c.isCurrent(payload)).toBe(false);
    expect(c.isCurrent(c.encrypt('123456789'))).toBe(true);
    expect(c.hash('123456789')).toBe(createClientDataCrypto(key).hash('123456789'));
    expect(c.hashes('123456789')).toEqual([c.hash('123456789'), before.hash('123456789')]);
    // Files: the key the row names first, any accepted one when none is named.
    const aad = Buffer.from('aad');
    const sealed = before.encryptBytes(Buffer.from('file bytes'), aad);
    expect(c.decryptBytes(sealed, aad, before.fingerprint).toString()).toBe('file bytes');
    expect(c.decryptBytes(sealed, aad, null).toString()).toBe('file bytes');
    expect(c.decryptBytes(sealed, aad, c.fingerprint).toString()).toBe('file bytes');
    expect(() => c.decryptBytes(sealed, Buffer.from('other'), null)).toThrow();
    const digest = before.fileDigest('ab'.repeat(32));
    expect(c.digestMatches('ab'.repeat(32), digest, before.fingerprint)).toBe(true);
    expect(c.digestMatches('ab'.repeat(32), digest, null)).toBe(true);
    expect(c.digestMatches('ab'.repeat(32), digest, c.fingerprint)).toBe(false);
    expect(c.fileDigest('ab'.repeat(32))).not.toBe(digest);
  });

  it('refuses a value under a key not configured, naming its fingerprint', () => {
    const other = crypto.randomBytes(32);
    const payload = createClientDataCrypto(other).encrypt('123456789');
    const c = createClientDataCrypto(key, [crypto.randomBytes(32)]);
    expect(() => c.decrypt(payload)).toThrow(UnknownClientKeyError);
    expect(() => c.decrypt(payload)).toThrow(clientKeyFingerprint(other));
    const sealed = createClientDataCrypto(other).encryptBytes(Buffer.from('x'), Buffer.from('a'));
    expect(() => c.decryptBytes(sealed, Buffer.from('a'), clientKeyFingerprint(other))).toThrow(
      UnknownClientKeyError,
    );
    expect(() => c.decryptBytes(sealed, Buffer.from('a'), null)).toThrow();
    expect(
      c.digestMatches('ab', createClientDataCrypto(other).fileDigest('ab'), clientKeyFingerprint(other)),
    ).toBe(false);
    expect(() => c.decrypt('v3:abc')).toThrow(/unknown client data format/);
  });

  it('reads CLIENT_DATA_KEYS_PREVIOUS: comma-separated, blanks ignored, a bad key refused', () => {
    const a = crypto.randomBytes(32);
    const b = crypto.randomBytes(32);
    const keys = parseMasterKeys(` ${a.toString('hex')}, ${b.toString('base64')} ,`);
    expect(keys.map((k) => k.toString('hex'))).toEqual([a.toString('hex'), b.toString('hex')]);
    expect(parseMasterKeys(undefined)).toEqual([]);
    expect(() => parseMasterKeys('abcd')).toThrow(/CLIENT_DATA_KEYS_PREVIOUS/);
  });
});
