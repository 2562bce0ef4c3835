import { describe, expect, it } from 'vitest';
import { englishOf } from './wording.ts';
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
    const admin = { ...valid, roles: [{ role_id: 1 }] };
    expect(userCreateBodySchema.parse({ ...admin, centre: { centre_id: -1 } }).centre).toBeNull();
    expect(userCreateBodySchema.parse({ ...admin, centre: null }).centre).toBeNull();
  });

  it('asks a centre of every role but Admin, on create and on edit', () => {
    for (const schema of [userCreateBodySchema, userUpdateBodySchema]) {
      for (const centre of [null, { centre_id: -1 }]) {
        const r = schema.safeParse({ ...valid, centre });
        expect(r.error?.issues.map((i) => [i.path.join('.'), englishOf(i.message)])).toEqual([
          ['centre', 'This field is required'],
        ]);
      }
    }
  });

  it('takes active alone on edit, or with the whole user, but not with part of it', () => {
    expect(userUpdateBodySchema.parse({ active: false })).toEqual({ active: false });
    expect(userUpdateBodySchema.parse({ ...valid, active: true })).toMatchObject({ active: true, centre: 2 });
    const part = userUpdateBodySchema.safeParse({ active: false, email: 'a@b.ca' });
    expect(part.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'first_name',
      'last_name',
      'centre',
      'roles',
    ]);
    expect(userUpdateBodySchema.safeParse({}).success).toBe(false);
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

  it('gives colours on which white initials meet contrast AA (4.5:1)', () => {
    // WCAG 2.1 relative luminance and contrast ratio.
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const v = parseInt(hex.slice(i, i + 2), 16) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const colours = new Set(Array.from({ length: 32 }, (_, id) => userIcon('A', 'B', id).icon_bg));
    expect(colours.size).toBeGreaterThan(4);
    for (const colour of colours) {
      expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
