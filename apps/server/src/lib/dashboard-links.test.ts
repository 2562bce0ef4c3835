import { describe, expect, it } from 'vitest';
import { createDashboardLinks } from './dashboard-links.ts';
import { keyIdOf, keyringOf } from './jwt-keyring.ts';

const OLD = 'the-old-secret-of-at-least-thirty-two-characters';
const NEXT = 'the-next-secret-of-at-least-thirty-two-characters';
const GRANT = {
  dashboard: 'clients',
  start_date: '2025-04-01',
  end_date: '2026-03-31',
  centre_id: -1,
} as const;
/** The grant's JSON a token carries, before its 32-byte MAC. */
const payloadOf = (token: string) => {
  const bytes = Buffer.from(token, 'base64url');
  return JSON.parse(bytes.subarray(0, bytes.length - 32).toString()) as Record<string, unknown>;
};

describe('dashboard links across a rotation of the secret', () => {
  it('names its key id, and opens under a previous secret while it is listed', () => {
    const { token } = createDashboardLinks(keyringOf(OLD)).sign(GRANT);
    expect(payloadOf(token).kid).toBe(keyIdOf(OLD));
    const rotated = createDashboardLinks(keyringOf(NEXT, [OLD]));
    expect(rotated.verify(token)).toMatchObject(GRANT);
    expect(rotated.verify(token)).not.toHaveProperty('kid');
    expect(payloadOf(rotated.sign(GRANT).token).kid).toBe(keyIdOf(NEXT));
    expect(createDashboardLinks(keyringOf(NEXT)).verify(token)).toBeNull();
  });

  it('refuses a link naming a key it does not hold, or another key than the one that signed it', () => {
    const { token } = createDashboardLinks(keyringOf(OLD)).sign(GRANT);
    const bytes = Buffer.from(token, 'base64url');
    const payload = payloadOf(token);
    const relabelled = Buffer.concat([
      Buffer.from(JSON.stringify({ ...payload, kid: keyIdOf(NEXT) })),
      bytes.subarray(bytes.length - 32),
    ]).toString('base64url');
    expect(createDashboardLinks(keyringOf(NEXT, [OLD])).verify(relabelled)).toBeNull();
    expect(createDashboardLinks(keyringOf(NEXT)).verify(token)).toBeNull();
  });
});
