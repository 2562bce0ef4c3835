import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, createAccessTokens } from './access-tokens.ts';
import { keyIdOf, keyringOf } from './jwt-keyring.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const KEYS = keyringOf(SECRET);
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
    const tokens = createAccessTokens(KEYS);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
  });

  it('refuses a token signed with another secret, and one with a changed byte', async () => {
    const tokens = createAccessTokens(KEYS);
    const other = await createAccessTokens(keyringOf(`${SECRET}-other`)).sign(CLAIMS);
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
    const tokens = createAccessTokens(KEYS);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + (ACCESS_TOKEN_SECONDS + 1) * 1000));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('lasts the lifetime it is given', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') });
    const tokens = createAccessTokens(KEYS, 30);
    const token = await tokens.sign(CLAIMS);
    vi.setSystemTime(new Date(Date.now() + 29_000));
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + 2_000));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token without an expiry', async () => {
    const token = await unsigned({ ver: 3, sid: 11 }).sign(new TextEncoder().encode(SECRET));
    expect(await createAccessTokens(KEYS).verify(token)).toBeNull();
  });

  it('refuses a token without a session, as issued before sessions existed', async () => {
    const token = await unsigned({ ver: 3 }).setExpirationTime('5m').sign(new TextEncoder().encode(SECRET));
    expect(await createAccessTokens(KEYS).verify(token)).toBeNull();
  });
});

describe('access tokens across a rotation of the secret', () => {
  const NEXT = 'the-next-secret-of-at-least-thirty-two-characters';
  const decodedKid = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid?: string }).kid;

  it('names its key by a fingerprint of the secret, never the secret', async () => {
    const token = await createAccessTokens(KEYS).sign(CLAIMS);
    expect(decodedKid(token)).toBe(keyIdOf(SECRET));
    expect(keyIdOf(SECRET)).toMatch(/^[0-9a-f]{16}$/);
    expect(token).not.toContain(Buffer.from(SECRET).toString('base64url'));
  });

  it("verifies a previous secret's token while it is listed, signs with the new one, and refuses it once dropped", async () => {
    const old = await createAccessTokens(KEYS).sign(CLAIMS);
    const rotated = createAccessTokens(keyringOf(NEXT, [SECRET]));
    expect(await rotated.verify(old)).toEqual(CLAIMS);
    const fresh = await rotated.sign(CLAIMS);
    expect(decodedKid(fresh)).toBe(keyIdOf(NEXT));
    expect(await createAccessTokens(keyringOf(NEXT)).verify(old)).toBeNull();
    expect(await createAccessTokens(keyringOf(NEXT)).verify(fresh)).toEqual(CLAIMS);
  });

  it('refuses a token naming a key id it does not hold, even with a valid signature', async () => {
    const key = new TextEncoder().encode(SECRET);
    const token = await new SignJWT({ ver: 3, sid: 11 })
      .setProtectedHeader({ alg: 'HS256', kid: '0123456789abcdef' })
      .setSubject('7')
      .setIssuer('cairn')
      .setAudience('cairn-api')
      .setExpirationTime('5m')
      .sign(key);
    expect(await createAccessTokens(KEYS).verify(token)).toBeNull();
  });

  it('verifies a token without kid (signed before key ids) under the current secret only', async () => {
    const plain = await unsigned({ ver: 3, sid: 11 })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    expect(await createAccessTokens(KEYS).verify(plain)).toEqual(CLAIMS);
    expect(await createAccessTokens(keyringOf(NEXT, [SECRET])).verify(plain)).toBeNull();
  });
});
