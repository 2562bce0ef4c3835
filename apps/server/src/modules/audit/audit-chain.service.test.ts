import { describe, expect, it } from 'vitest';
import { chain, GENESIS } from './audit-chain.service.ts';

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
});
