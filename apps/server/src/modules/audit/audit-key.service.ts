import type { Config } from '../../config.ts';
import { loadOrCreateSecret, readSecret } from '../../lib/secrets.ts';
import { chainKeyOf, type ChainKey } from './audit-chain.service.ts';
import type { WriterKeys } from './audit-rotation.service.ts';

/** Where a chain key generated for a run without AUDIT_CHAIN_KEY is kept, in DATA_DIR. */
const KEY_FILE = 'audit-chain.key';

/**
 * The chain's key for the server: AUDIT_CHAIN_KEY, else (outside production, where it is
 * required) one generated once into DATA_DIR, as JWT_SECRET and CLIENT_DATA_KEY are.
 */
export function writerChainKey(config: Config): ChainKey {
  return chainKeyOf(config.audit.chainKey ?? loadOrCreateSecret(config.dataDir, KEY_FILE));
}

/**
 * What the server's writer holds: the chain's key, and the ids of AUDIT_CHAIN_KEYS_PREVIOUS, the
 * keys it rotates from (audit-rotation.service.ts). A writer needs no previous key itself.
 */
export function writerChainKeys(config: Config): WriterKeys {
  const current = writerChainKey(config);
  return {
    current,
    previousIds: config.audit.chainKeysPrevious
      .map((k) => chainKeyOf(k).id)
      .filter((id) => id !== current.id),
  };
}

/** The chain's key for the verifier: AUDIT_CHAIN_KEY, else the one in DATA_DIR; never one made up. */
export function verifierChainKey(config: Config): ChainKey | null {
  const secret = config.audit.chainKey ?? readSecret(config.dataDir, KEY_FILE);
  return secret ? chainKeyOf(secret) : null;
}

/**
 * Every chain key a verifier holds, current first: verifierChainKey and AUDIT_CHAIN_KEYS_PREVIOUS
 * (`audit:verify` checks each entry and checkpoint with the key it names; a restore, the keys
 * its backup's trail needs). Empty when none is configured or generated.
 */
export function verifierChainKeys(config: Config): ChainKey[] {
  const current = verifierChainKey(config);
  const all = [...(current ? [current] : []), ...config.audit.chainKeysPrevious.map(chainKeyOf)];
  return all.filter((k, i) => all.findIndex((o) => o.id === k.id) === i);
}
