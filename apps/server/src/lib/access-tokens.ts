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

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: 'cairn',
          audience: 'cairn-api',
        });
        const userId = Number(payload.sub);
        const version = payload.ver;
        if (!Number.isInteger(userId) || typeof version !== 'number') return null;
        return { userId, version };
      } catch {
        return null;
      }
    },
  };
}
