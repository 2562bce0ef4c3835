import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, createAccessTokens } from './access-tokens.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const CLAIMS = { userId: 7, version: 3, sessionId: 11 };

afterEach(() => vi.useRealTimers());

const unsigned = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('7')
    .setIssuer('cairn')
    .setAudience('cairn-api');

describe('access tokens', () => {
  it('verifies a token it signed, again and again, with its session', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
  });

  it('refuses a token signed with another secret, and one with a changed byte', async () => {
    const tokens = createAccessTokens(SECRET);
    const other = await createAccessTokens(`${SECRET}-other`).sign(CLAIMS);
    expect(await tokens.verify(other)).toBeNull();
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).not.toBeNull();
    // Another character in the signature's second-to-last place (the last holds padding bits).
    const swapped = token.at(-2) === 'A' ? 'B' : 'A';
    const forged = `${token.slice(0, -2)}${swapped}${token.slice(-1)}`;
    expect(forged).not.toBe(token);
    expect(await tokens.verify(forged)).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') });
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + (ACCESS_TOKEN_SECONDS + 1) * 1000));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('lasts the lifetime it is given', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') });
    const tokens = createAccessTokens(SECRET, 30);
    const token = await tokens.sign(CLAIMS);
    vi.setSystemTime(new Date(Date.now() + 29_000));
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + 2_000));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token without an expiry', async () => {
    const token = await unsigned({ ver: 3, sid: 11 }).sign(new TextEncoder().encode(SECRET));
    expect(await createAccessTokens(SECRET).verify(token)).toBeNull();
  });

  it('refuses a token without a session, as issued before sessions existed', async () => {
    const token = await unsigned({ ver: 3 }).setExpirationTime('5m').sign(new TextEncoder().encode(SECRET));
    expect(await createAccessTokens(SECRET).verify(token)).toBeNull();
  });
});
