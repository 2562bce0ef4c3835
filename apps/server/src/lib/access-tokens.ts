import { jwtVerify, SignJWT } from 'jose';

/** About fifteen minutes (issue: short-lived access tokens); the browser refreshes on a 401. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: number;
  /** The user's token_version when the token was issued. */
  version: number;
}

export interface AccessTokens {
  sign(userId: number, version: number): Promise<string>;
  verify(token: string): Promise<AccessClaims | null>;
}

/** How many verified tokens are remembered: one or two per signed-in browser. */
const VERIFIED_MAX = 10_000;

/**
 * Signs and verifies access tokens (HS256). A browser sends the same token on every request for
 * up to fifteen minutes, and checking its signature was the largest cost of a request (measured:
 * about a third of the API's own CPU time, docs/performance.md), so a token whose signature was
 * verified is remembered, by its whole text, until it expires: the same text carries the same
 * signature. Expiry is checked on every use; revocation is the token version, checked per request
 * by the auth hook against the user.
 */
export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, AccessClaims & { exp: number }>();

  function remember(token: string, claims: AccessClaims & { exp: number }) {
    // Oldest first: Map keeps insertion order.
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }

  return {
    async sign(userId, version) {
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .setIssuer('cairn')
        .setAudience('cairn-api')
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() / 1000 < known.exp) return { userId: known.userId, version: known.version };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: 'cairn',
          audience: 'cairn-api',
        });
        const userId = Number(payload.sub);
        const version = payload.ver;
        if (!Number.isInteger(userId) || typeof version !== 'number' || typeof payload.exp !== 'number') {
          return null;
        }
        remember(token, { userId, version, exp: payload.exp });
        return { userId, version };
      } catch {
        return null;
      }
    },
  };
}
