import { describe, expect, it } from 'vitest';
import { chain, chainKeyOf, chainVerifier, GENESIS } from './audit-chain.service.ts';
import { rotationEntry } from './audit-rotation.service.ts';

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
    expect(verify([...old, ...keyed], { keys: [key], unkeyedUntil: 2 })).toBeNull();
    // An unkeyed entry after the keyed ones began, or past the last written unkeyed.
    const unkeyedAfter = chain(keyed[1]!, ENTRIES.slice(0, 1));
    expect(verify([...old, ...keyed, ...unkeyedAfter], { keys: [key], unkeyedUntil: 2 })).toEqual({
      seq: 5,
      reason: 'unkeyed',
    });
    expect(verify(old, { keys: [key], unkeyedUntil: 1 })).toEqual({ seq: 2, reason: 'unkeyed' });
    // Keyed with another key, or the verifier given none.
    const other = chain(old[1]!, ENTRIES, chainKeyOf('another-audit-chain-key-of-32-characters'));
    const otherId = other[0]!.keyId!;
    expect(verify([...old, ...other], { keys: [key], unkeyedUntil: 2 })).toEqual({
      seq: 3,
      reason: 'unknown_key',
      keyId: otherId,
    });
    expect(verify([...old, ...keyed], { keys: [], unkeyedUntil: 2 })).toEqual({
      seq: 3,
      reason: 'unknown_key',
      keyId: key.id,
    });
    // The fingerprint forged: the content does not match.
    const forged = other.map((e) => ({ ...e, keyId: key.id }));
    expect(verify([...old, ...forged], { keys: [key], unkeyedUntil: 2 })).toEqual({
      seq: 3,
      reason: 'content',
    });
  });

  it('follows a rotation record to the next key, and refuses an old key after it or a change without one', () => {
    const a = chainKeyOf('the-first-audit-chain-key-of-32-characters');
    const b = chainKeyOf('the-second-audit-chain-key-of-32-characters');
    const before = chain(null, ENTRIES, a);
    const rotation = rotationEntry(a.id, b.id, ENTRIES[0]!.at);
    const after = chain(before.at(-1)!, [rotation, ...ENTRIES], b);
    const keys = { keys: [a, b], unkeyedUntil: 0 };
    const verifier = chainVerifier([], keys);
    expect(verifier.check([...before, ...after])).toBeNull();
    expect(verifier.keyStarts).toEqual([
      { keyId: a.id, from: 1 },
      { keyId: b.id, from: before.length + 1 },
    ]);
    // Without the old key: the first entry names a key the check does not hold.
    expect(chainVerifier([], { keys: [b], unkeyedUntil: 0 }).check([...before, ...after])).toMatchObject({
      seq: 1,
      reason: 'unknown_key',
      keyId: a.id,
    });
    // The old key appends after the rotation (a leaked key), even with a rotation record of its own.
    const leaked = chain(after.at(-1)!, ENTRIES, a);
    const seq = before.length + after.length + 1;
    expect(chainVerifier([], keys).check([...before, ...after, ...leaked])).toEqual({
      seq,
      reason: 'rotated_out',
      keyId: a.id,
    });
    const back = chain(after.at(-1)!, [rotationEntry(b.id, a.id, ENTRIES[0]!.at)], a);
    expect(chainVerifier([], keys).check([...before, ...after, ...back])).toMatchObject({
      seq,
      reason: 'rotated_out',
    });
    // Another key without a rotation record.
    const switched = chain(before.at(-1)!, ENTRIES, b);
    expect(chainVerifier([], keys).check([...before, ...switched])).toEqual({
      seq: before.length + 1,
      reason: 'key_change',
      keyId: b.id,
    });
  });
});
