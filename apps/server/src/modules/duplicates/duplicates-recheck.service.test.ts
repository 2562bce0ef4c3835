import { dobRelation } from '@cairn/shared/duplicate-rules';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../db/seed/fake-data.ts';
import type { MatchInput } from './duplicates.repository.ts';
import { mayMatchWritten, writtenKeys } from './duplicates-recheck.service.ts';

const keys = writtenKeys;

const person = (patch: Partial<MatchInput>): MatchInput => ({
  given: 'jon',
  first: 'john',
  family: 'smith',
  dob: null,
  sins: [],
  email: '',
  phone: '',
  postal: '',
  exclude: null,
  ...patch,
});

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const randomDate = (rng: ReturnType<typeof createRng>) =>
  `${rng.int(1900, 2029)}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}`;

describe('mayMatchWritten: who a client written since may concern', () => {
  it('names every person sharing a key a block compares', () => {
    expect(mayMatchWritten(person({ sins: ['h1', 'h2'] }), keys({ sins: new Set(['h2']) }))).toBe(true);
    expect(mayMatchWritten(person({ email: 'A@B.ca' }), keys({ emails: new Set(['a@b.ca']) }))).toBe(true);
    expect(mayMatchWritten(person({ phone: '5145550100' }), keys({ phones: new Set(['5145550100']) }))).toBe(
      true,
    );
    expect(mayMatchWritten(person({}), keys({ families: new Set(['smith']) }))).toBe(true);
    expect(mayMatchWritten(person({}), keys({ firsts: new Set(['john']) }))).toBe(true);
    expect(
      mayMatchWritten(person({}), keys({ families: new Set(['smyth']), firsts: new Set(['jim']) })),
    ).toBe(false);
    expect(mayMatchWritten(person({ family: '', first: '' }), keys({ families: new Set(['']) }))).toBe(false);
  });

  it('names every date of birth equal, swapped or a digit off, and no other', () => {
    const rng = createRng(20261129);
    for (let i = 0; i < 5_000; i += 1) {
      const written = randomDate(rng);
      const near = rng.chance(0.5);
      let dob = randomDate(rng);
      if (near) {
        const at = [0, 1, 2, 3, 5, 6, 8, 9][rng.int(0, 7)]!;
        dob = `${written.slice(0, at)}${rng.int(0, 9)}${written.slice(at + 1)}`;
      }
      const expected = dobRelation(dob, written) !== null;
      expect(
        mayMatchWritten(person({ family: 'x', first: 'y', dob }), keys({ dobs: new Set([written]) })),
        `${dob} ${written}`,
      ).toBe(expected);
    }
    expect(mayMatchWritten(person({ dob: '1990-03-04' }), keys({ dobs: new Set(['1990-04-03']) }))).toBe(
      true,
    );
  });
});
