import type { Config } from '../../config.ts';
import { loadOrCreateSecret, readSecret } from '../../lib/secrets.ts';
import { chainKeyOf, type ChainKey } from './audit-chain.service.ts';

/** Where a chain key generated for a run without AUDIT_CHAIN_KEY is kept, in DATA_DIR. */
const KEY_FILE = 'audit-chain.key';

/**
 * The chain's key for the server: AUDIT_CHAIN_KEY, else (outside production, where it is
 * required) one generated once into DATA_DIR, as JWT_SECRET and CLIENT_DATA_KEY are.
 */
export function writerChainKey(config: Config): ChainKey {
  return chainKeyOf(config.audit.chainKey ?? loadOrCreateSecret(config.dataDir, KEY_FILE));
}

/** The chain's key for the verifier: AUDIT_CHAIN_KEY, else the one in DATA_DIR; never one made up. */
export function verifierChainKey(config: Config): ChainKey | null {
  const secret = config.audit.chainKey ?? readSecret(config.dataDir, KEY_FILE);
  return secret ? chainKeyOf(secret) : null;
}
