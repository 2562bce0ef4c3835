import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { JwtKeyring } from './jwt-keyring.ts';

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
 * checked per request by the auth hook (plugins/auth.ts). A token names its key in its `kid`
 * header: signed with the keyring's current secret, verified with the secret it names, current or
 * previous (a rotation, lib/jwt-keyring.ts); a kid the keyring does not hold is refused as any bad
 * token is, and a token without kid (signed before key ids) verifies under the current secret only.
 */
export function createAccessTokens(
  keyring: JwtKeyring,
  lifetimeSeconds = ACCESS_TOKEN_SECONDS,
): AccessTokens {
  const encoded = new Map<string, Uint8Array>();
  const keyOf = (secret: string) => {
    let key = encoded.get(secret);
    if (!key) encoded.set(secret, (key = new TextEncoder().encode(secret)));
    return key;
  };
  const verified = new Map<string, AccessClaims & { exp: number }>();

  function remember(token: string, claims: AccessClaims & { exp: number }) {
    // Oldest first: Map keeps insertion order.
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }

  return {
    async sign({ userId, version, sessionId }) {
      return new SignJWT({ ver: version, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyring.current.kid })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .setIssuer('cairn')
        .setAudience('cairn-api')
        .sign(keyOf(keyring.current.secret));
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
        const { kid } = decodeProtectedHeader(token) as { kid?: unknown };
        if (kid !== undefined && typeof kid !== 'string') return null;
        const signer = keyring.find(kid);
        if (!signer) return null;
        const { payload } = await jwtVerify(token, keyOf(signer.secret), {
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
