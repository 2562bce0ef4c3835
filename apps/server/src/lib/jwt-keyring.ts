import crypto from 'node:crypto';
import type { Config } from '../config.ts';
import { loadOrCreateSecret } from './secrets.ts';

/** One signing secret and its key id (`kid`): a fingerprint of the secret, never the secret. */
export interface SigningKey {
  kid: string;
  secret: string;
}

/**
 * The server's signing secrets (docs/operations.md, "Rotating the JWT secret"): `current`
 * (JWT_SECRET) signs every new access token and dashboard link; `previous` (JWT_SECRETS_PREVIOUS)
 * still verify what they signed, for its own lifetime, while they are listed. What was signed
 * names its key by `kid`; what names none (signed before key ids) verifies under `current` only.
 */
export interface JwtKeyring {
  current: SigningKey;
  previous: readonly SigningKey[];
  /** The key named `kid`, current or previous; undefined (no kid): the current one; null: none held. */
  find(kid: string | undefined): SigningKey | null;
}

/** A secret's key id: 16 hex digits of an HMAC of a fixed text, which does not reveal the secret. */
export function keyIdOf(secret: string): string {
  return crypto.createHmac('sha256', secret).update('cairn jwt key id').digest('hex').slice(0, 16);
}

/** The keyring of a current secret and the previous ones still accepted. */
export function keyringOf(current: string, previous: readonly string[] = []): JwtKeyring {
  const key = (secret: string): SigningKey => ({ kid: keyIdOf(secret), secret });
  const now = key(current);
  const before = previous.map(key).filter((k) => k.kid !== now.kid);
  return {
    current: now,
    previous: before,
    find(kid) {
      if (kid === undefined || kid === now.kid) return now;
      return before.find((k) => k.kid === kid) ?? null;
    },
  };
}

/** The configured keyring: JWT_SECRET (else the one generated into DATA_DIR) and JWT_SECRETS_PREVIOUS. */
export function jwtKeyring(config: Pick<Config, 'jwtSecret' | 'jwtSecretsPrevious' | 'dataDir'>): JwtKeyring {
  return keyringOf(
    config.jwtSecret ?? loadOrCreateSecret(config.dataDir, 'jwt.secret'),
    config.jwtSecretsPrevious,
  );
}
