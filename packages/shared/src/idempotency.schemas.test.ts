import { describe, expect, it } from 'vitest';
import { idempotencyHeadersSchema, idempotencyKeySchema } from './idempotency.schemas.ts';
import { message } from './messages.ts';

describe('the Idempotency-Key', () => {
  it('takes 1 to 255 visible ASCII characters: a UUID, 128 bits in hex, punctuation', () => {
    for (const key of [
      'a',
      '0f8fad5b-d9cb-469f-a165-70867728950e',
      'ab'.repeat(16),
      '!~'.repeat(127) + '#',
    ]) {
      expect(idempotencyKeySchema.safeParse(key).success, key).toBe(true);
    }
  });

  it('refuses an empty key, spaces, control characters, non-ASCII and more than 255 characters', () => {
    for (const key of ['', ' ', 'two words', 'tab\there', 'a\u0000b', 'a\u007fb', 'clé', 'k'.repeat(256)]) {
      const result = idempotencyKeySchema.safeParse(key);
      expect(result.success, JSON.stringify(key)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message('idempotencyKey'));
    }
  });

  it('is optional among the headers, and the others pass through unvalidated', () => {
    expect(idempotencyHeadersSchema.safeParse({ 'user-agent': 'x\u0007' }).success).toBe(true);
    expect(idempotencyHeadersSchema.safeParse({ 'idempotency-key': '' }).success).toBe(false);
  });
});
