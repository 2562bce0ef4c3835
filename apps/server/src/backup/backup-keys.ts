import type { Config } from '../config.ts';
import { clientKeyFingerprint, parseMasterKey, parseMasterKeys } from '../lib/client-data-crypto.ts';
import { readSecret } from '../lib/secrets.ts';
import { verifierChainKey } from '../modules/audit/audit-key.service.ts';
import { BackupRefusal } from './backup-errors.ts';

/** Where the embedded run keeps a generated client data key (main.ts): in DATA_DIR. */
export const CLIENT_KEY_FILE = 'client-data.key';

export interface KeyFingerprints {
  clientData: string | null;
  auditChain: string | null;
}

/**
 * The fingerprints of the keys configured: CLIENT_DATA_KEY and AUDIT_CHAIN_KEY, else the ones
 * generated into DATA_DIR; null for a key neither names (never one made up here).
 */
export function configuredKeyFingerprints(config: Config): KeyFingerprints {
  const clientKey = config.clientDataKey ?? readSecret(config.dataDir, CLIENT_KEY_FILE);
  return {
    clientData: clientKey ? clientKeyFingerprint(parseMasterKey(clientKey)) : null,
    auditChain: verifierChainKey(config)?.id ?? null,
  };
}

/** The previous client data keys' fingerprints (CLIENT_DATA_KEYS_PREVIOUS): still accepted for reading. */
function previousClientKeyFingerprints(config: Config): string[] {
  return parseMasterKeys(config.clientDataKeysPrevious).map(clientKeyFingerprint);
}

/**
 * Refuses a restore whose keys are not the backup's: the SINs and attachments would not open,
 * and the audit trail would not verify. Before anything is written. A backup made under a client
 * data key listed in CLIENT_DATA_KEYS_PREVIOUS is accepted (a rotation since: its records open
 * with the previous key, and `npm run rotate-client-key` moves them to the current one).
 */
export function refuseOtherKeys(needed: KeyFingerprints, config: Config): void {
  const configured = configuredKeyFingerprints(config);
  const where = (variable: string, file: string) => `${variable}, else ${config.dataDir}/${file}`;
  const accepted = [configured.clientData, ...previousClientKeyFingerprints(config)];
  if (needed.clientData && !accepted.includes(needed.clientData))
    throw new BackupRefusal(
      `This backup needs the client data key with fingerprint ${needed.clientData}; ` +
        (configured.clientData
          ? `the configured one's is ${configured.clientData}`
          : 'no client data key is configured') +
        ` (${where('CLIENT_DATA_KEY', CLIENT_KEY_FILE)}). Set the key the backup was made with, ` +
        'as CLIENT_DATA_KEY or among CLIENT_DATA_KEYS_PREVIOUS. Nothing was written.',
    );
  if (needed.auditChain && configured.auditChain !== needed.auditChain)
    throw new BackupRefusal(
      `This backup needs the audit chain key with fingerprint ${needed.auditChain}; ` +
        (configured.auditChain
          ? `the configured one's is ${configured.auditChain}`
          : 'no audit chain key is configured') +
        ` (${where('AUDIT_CHAIN_KEY', 'audit-chain.key')}). Set the key the backup was made with. Nothing was written.`,
    );
}
