import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClientDataCrypto, parseMasterKey } from './client-data-crypto.ts';

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
    const raw = Buffer.from(payload.slice(3), 'base64');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => c.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
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
});
