import type { Config } from '../config.ts';
import { createAccessTokens, type AccessTokens } from './access-tokens.ts';
import { createDashboardLinks, type Clock, type DashboardLinks } from './dashboard-links.ts';
import { jwtKeyring } from './jwt-keyring.ts';

/**
 * The server's signers, built from the configured keyring (JWT_SECRET and JWT_SECRETS_PREVIOUS,
 * lib/jwt-keyring.ts): access tokens and dashboard links, as the app context takes them. `clock`
 * is the links' (tests move it forward to expire a link).
 */
export function createSigners(
  config: Pick<Config, 'jwtSecret' | 'jwtSecretsPrevious' | 'dataDir' | 'accessTokenSeconds'>,
  clock?: Clock,
): { tokens: AccessTokens; dashboardLinks: DashboardLinks } {
  const keyring = jwtKeyring(config);
  return {
    tokens: createAccessTokens(keyring, config.accessTokenSeconds),
    dashboardLinks: createDashboardLinks(keyring, clock),
  };
}
