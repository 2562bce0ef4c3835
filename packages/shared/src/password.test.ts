import { describe, expect, it } from 'vitest';
import { englishOf } from './wording.ts';
import { newPasswordFormSchema, newPasswordSchema, PASSWORD_RULES } from './password.ts';

const messages = (value: unknown) => {
  const r = newPasswordSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => englishOf(i.message));
};

describe('new password rules (spec §5)', () => {
  it('needs 8 characters, an uppercase, a lowercase and a digit', () => {
    expect(messages('Abcdefg1')).toEqual([]);
    expect(messages('Abc1')).toContain('Password must be at least 8 characters');
    expect(messages('abcdefg1')).toContain('Password must contain an uppercase letter');
    expect(messages('ABCDEFG1')).toContain('Password must contain a lowercase letter');
    expect(messages('Abcdefgh')).toContain('Password must contain a number');
    expect(messages('')).toContain('Password is required');
  });

  it('drives the checklist', () => {
    const met = (v: string) => PASSWORD_RULES.filter((r) => r.test(v)).map((r) => r.key);
    expect(met('abc')).toEqual(['lowercase']);
    expect(met('Abcdefg1')).toEqual(['length', 'uppercase', 'lowercase', 'digit']);
  });

  it('needs the confirmation, equal to the password', () => {
    const r1 = newPasswordFormSchema.safeParse({ password: 'Abcdefg1', confirm: '' });
    expect(r1.success).toBe(false);
    expect(r1.error?.issues.map((i) => englishOf(i.message))).toContain('Please confirm the password');
    const r2 = newPasswordFormSchema.safeParse({ password: 'Abcdefg1', confirm: 'Abcdefg2' });
    expect(r2.error?.issues.map((i) => [i.path, englishOf(i.message)])).toEqual([
      [['confirm'], 'Passwords must match'],
    ]);
    expect(newPasswordFormSchema.safeParse({ password: 'Abcdefg1', confirm: 'Abcdefg1' }).success).toBe(true);
  });
});
