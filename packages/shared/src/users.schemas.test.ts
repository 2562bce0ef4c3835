import { describe, expect, it } from 'vitest';
import { englishOf } from './english.ts';
import { userCreateBodySchema, userIcon, userUpdateBodySchema } from './users.schemas.ts';

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.ca',
  centre: { centre_id: 2 },
  roles: [{ role_id: 2 }],
};

describe('user payloads (spec §5 User)', () => {
  it('reads centre -1 or null as no centre, and roles as ids', () => {
    expect(userCreateBodySchema.parse(valid)).toMatchObject({ centre: 2, roles: [2] });
    expect(userCreateBodySchema.parse({ ...valid, centre: { centre_id: -1 } }).centre).toBeNull();
    expect(userCreateBodySchema.parse({ ...valid, centre: null }).centre).toBeNull();
  });

  it('allows names of 128 characters on create but 64 on edit', () => {
    const long = { ...valid, last_name: 'L'.repeat(100) };
    expect(userCreateBodySchema.safeParse(long).success).toBe(true);
    const r = userUpdateBodySchema.safeParse(long);
    expect(r.error?.issues[0]?.path).toEqual(['last_name']);
    expect(englishOf(r.error?.issues[0]?.message)).toBe('must be less than 64 characters');
  });

  it('needs a known role', () => {
    expect(englishOf(userCreateBodySchema.safeParse({ ...valid, roles: [] }).error?.issues[0]?.message)).toBe(
      'This field is required',
    );
    expect(userCreateBodySchema.safeParse({ ...valid, roles: [{ role_id: 7 }] }).success).toBe(false);
  });
});

describe('userIcon', () => {
  it('gives initials and a stable colour', () => {
    expect(userIcon('ada', 'Lovelace', 3).icon).toBe('AL');
    expect(userIcon('Ada', 'Lovelace', 3).icon_bg).toBe(userIcon('X', 'Y', 3).icon_bg);
  });
});
