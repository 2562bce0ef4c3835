import { jwtVerify, SignJWT } from 'jose';

/**
 * About fifteen minutes unless ACCESS_TOKEN_SECONDS says otherwise (issue: short-lived access
 * tokens); the browser refreshes on a 401.
 */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: number;
  /** The user's token_version when the token was issued. */
  version: number;
  /** The session (auth_sessions) the token was issued in: signing out refuses it. */
  sessionId: number;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims | null>;
}

/** How many verified tokens are remembered: one or two per signed-in browser. */
const VERIFIED_MAX = 10_000;

/**
 * Signs and verifies access tokens (HS256). A browser sends the same token on every request for
 * up to fifteen minutes, and checking its signature was the largest cost of a request (measured:
 * about a third of the API's own CPU time, docs/performance.md), so a token whose signature was
 * verified is remembered, by its whole text, until it expires: the same text carries the same
 * signature. Expiry is checked on every use; revocation is the token version and the session,
 * checked per request by the auth hook (plugins/auth.ts).
 */
export function createAccessTokens(secret: string, lifetimeSeconds = ACCESS_TOKEN_SECONDS): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, AccessClaims & { exp: number }>();

  function remember(token: string, claims: AccessClaims & { exp: number }) {
    // Oldest first: Map keeps insertion order.
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }

  return {
    async sign({ userId, version, sessionId }) {
      return new SignJWT({ ver: version, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .setIssuer('cairn')
        .setAudience('cairn-api')
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() / 1000 < known.exp) {
          return { userId: known.userId, version: known.version, sessionId: known.sessionId };
        }
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
        const { ver: version, sid: sessionId, exp } = payload;
        // A token from before sessions existed has no sid: refused, the browser refreshes it.
        if (
          !Number.isInteger(userId) ||
          typeof version !== 'number' ||
          typeof sessionId !== 'number' ||
          !Number.isSafeInteger(sessionId) ||
          typeof exp !== 'number'
        ) {
          return null;
        }
        remember(token, { userId, version, sessionId, exp });
        return { userId, version, sessionId };
      } catch {
        return null;
      }
    },
  };
}
