import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { englishOf } from './wording.ts';
import { optionalPostalCode, optionalText, requiredEmail, requiredText } from './validators.ts';

function firstError(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : englishOf(r.error.issues[0]?.message);
}

describe('requiredText', () => {
  const name = requiredText(64);
  it('refuses empty and blank text with the spec message', () => {
    expect(firstError(name, '')).toBe('This field is required');
    expect(firstError(name, '   ')).toBe('This field is required');
    expect(firstError(name, undefined)).toBe('This field is required');
  });
  it('refuses text over the limit', () => {
    expect(firstError(name, 'a'.repeat(65))).toBe('must be less than 64 characters');
    expect(name.parse('a'.repeat(64))).toHaveLength(64);
  });
  it('trims', () => {
    expect(name.parse('  Ada ')).toBe('Ada');
  });
});

describe('optionalText', () => {
  it('turns empty strings into null (spec §5)', () => {
    expect(optionalText(10).parse('')).toBeNull();
    expect(optionalText(10).parse('  ')).toBeNull();
    expect(optionalText(10).parse(undefined)).toBeNull();
    expect(optionalText(10).parse('x')).toBe('x');
  });
  it('still limits the length', () => {
    expect(firstError(optionalText(10), 'a'.repeat(11))).toBe('must be less than 10 characters');
  });
});

describe('requiredEmail', () => {
  it('checks presence, format and length', () => {
    const email = requiredEmail(128);
    expect(firstError(email, '')).toBe('This field is required');
    expect(firstError(email, 'not-an-email')).toBe('must be an email');
    expect(firstError(email, `${'a'.repeat(120)}@example.ca`)).toBe('must be less than 128 characters');
    expect(email.parse(' ada@example.ca ')).toBe('ada@example.ca');
  });
});

describe('optionalPostalCode', () => {
  it('accepts a Canadian postal code without spaces, upper-cased', () => {
    expect(optionalPostalCode.parse('k1a0b1')).toBe('K1A0B1');
    expect(optionalPostalCode.parse('')).toBeNull();
  });
  it('refuses spaces with its own message', () => {
    expect(firstError(optionalPostalCode, 'K1A 0B1')).toBe('must not contain any spaces');
  });
  it('refuses what is not a postal code', () => {
    expect(firstError(optionalPostalCode, '12345')).toBe('must be a valid postal code');
    // D, F, I, O, Q, U never start a Canadian postal code.
    expect(firstError(optionalPostalCode, 'D1A0B1')).toBe('must be a valid postal code');
  });
});
