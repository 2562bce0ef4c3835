import { describe, expect, it } from 'vitest';
import { chain, chainKeyOf, chainVerifier, GENESIS } from './audit-chain.service.ts';

/**
 * Entries written by earlier versions are verified by this one: the hash of a given entry may never
 * change. These hashes were computed when the chain's content was first fixed; a change to what
 * is hashed, or how, fails here before it breaks the verification of a trail already written.
 */
const ENTRIES = [
  {
    at: '2026-11-26T12:34:56.789Z',
    userId: 7,
    roleId: 2,
    action: 'read',
    recordKind: 'client',
    recordId: 1234,
    clientId: 1234,
    address: '203.0.113.9',
    userAgent: 'Mozilla/5.0 "quoted" é',
    outcome: 'allowed',
    details: { z: 1, a: [3, { y: null, b: 'x' }] },
  },
  {
    at: '2026-11-26T12:34:57.000Z',
    userId: null,
    roleId: null,
    action: 'sign_in_failed',
    recordKind: null,
    recordId: null,
    clientId: null,
    address: null,
    userAgent: null,
    outcome: 'refused',
    details: {},
  },
];

describe('the audit hash chain', () => {
  it('hashes an entry as it always has', () => {
    const chained = chain({ seq: 41, hash: 'a'.repeat(64) }, ENTRIES);
    expect(chained.map((e) => [e.seq, e.prevHash, e.hash])).toEqual([
      [42, 'a'.repeat(64), '33a3d028a4bacb3c44f0ee6457cd8a5dd628d3ff1a68ead73e9f0369ea260ae4'],
      [
        43,
        '33a3d028a4bacb3c44f0ee6457cd8a5dd628d3ff1a68ead73e9f0369ea260ae4',
        'fba8b1215c185c8beb23fa06ce8fdd227c47cdd064d533f4be05054325c15ec5',
      ],
    ]);
    expect(chained[1]).toMatchObject(ENTRIES[1]!);
  });

  it('starts from the genesis hash', () => {
    const [first] = chain(null, ENTRIES.slice(0, 1));
    expect(first).toMatchObject({ seq: 1, prevHash: GENESIS });
    expect(first!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keys the hash with the chain key: another key, or none, gives another hash', () => {
    const key = chainKeyOf('an-audit-chain-key-of-32-characters-or-more');
    const other = chainKeyOf('another-audit-chain-key-of-32-characters');
    const keyed = chain(null, ENTRIES, key);
    expect(keyed.map((e) => e.keyId)).toEqual([key.id, key.id]);
    expect(keyed[0]!.hash).not.toBe(chain(null, ENTRIES)[0]!.hash);
    expect(keyed[0]!.hash).not.toBe(chain(null, ENTRIES, other)[0]!.hash);
    expect(chain(null, ENTRIES)[0]!.keyId).toBeNull();
    // The fingerprint is neither the key nor any of the keys derived from it.
    expect([key.chain, key.checkpoint].some((k) => k.startsWith(key.id))).toBe(false);
  });

  it('verifies unkeyed entries up to the last written unkeyed, then keyed ones; refuses the rest', () => {
    const key = chainKeyOf('an-audit-chain-key-of-32-characters-or-more');
    const old = chain(null, ENTRIES);
    const keyed = chain(old[1]!, ENTRIES, key);
    const verify = (rows: typeof old, keys: Parameters<typeof chainVerifier>[1]) =>
      chainVerifier([], keys).check(rows);
    expect(verify([...old, ...keyed], { key, unkeyedUntil: 2 })).toBeNull();
    // An unkeyed entry after the keyed ones began, or past the last written unkeyed.
    const unkeyedAfter = chain(keyed[1]!, ENTRIES.slice(0, 1));
    expect(verify([...old, ...keyed, ...unkeyedAfter], { key, unkeyedUntil: 2 })).toEqual({
      seq: 5,
      reason: 'unkeyed',
    });
    expect(verify(old, { key, unkeyedUntil: 1 })).toEqual({ seq: 2, reason: 'unkeyed' });
    // Keyed with another key, or the verifier given none.
    const other = chain(old[1]!, ENTRIES, chainKeyOf('another-audit-chain-key-of-32-characters'));
    expect(verify([...old, ...other], { key, unkeyedUntil: 2 })).toEqual({ seq: 3, reason: 'unknown_key' });
    expect(verify([...old, ...keyed], { key: null, unkeyedUntil: 2 })).toEqual({
      seq: 3,
      reason: 'unknown_key',
    });
    // The fingerprint forged: the content does not match.
    const forged = other.map((e) => ({ ...e, keyId: key.id }));
    expect(verify([...old, ...forged], { key, unkeyedUntil: 2 })).toEqual({ seq: 3, reason: 'content' });
  });
});
