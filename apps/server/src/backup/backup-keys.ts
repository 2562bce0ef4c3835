import type { Config } from '../config.ts';
import { clientKeyFingerprint, parseMasterKey, parseMasterKeys } from '../lib/client-data-crypto.ts';
import { readSecret } from '../lib/secrets.ts';
import { verifierChainKey, verifierChainKeys } from '../modules/audit/audit-key.service.ts';
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

/** The fingerprints a restore accepts for each key: the current one's, then the previous ones'. */
function acceptedFingerprints(config: Config): Record<keyof KeyFingerprints, Array<string | null>> {
  const configured = configuredKeyFingerprints(config);
  return {
    clientData: [
      configured.clientData,
      ...parseMasterKeys(config.clientDataKeysPrevious).map(clientKeyFingerprint),
    ],
    auditChain: [configured.auditChain, ...verifierChainKeys(config).map((k) => k.id)],
  };
}

/** How a refusal names each key: what it is, its variables, the file DATA_DIR keeps it in. */
const KEY_NAMES: Record<
  keyof KeyFingerprints,
  { what: string; current: string; previous: string; file: string }
> = {
  clientData: {
    what: 'client data key',
    current: 'CLIENT_DATA_KEY',
    previous: 'CLIENT_DATA_KEYS_PREVIOUS',
    file: CLIENT_KEY_FILE,
  },
  auditChain: {
    what: 'audit chain key',
    current: 'AUDIT_CHAIN_KEY',
    previous: 'AUDIT_CHAIN_KEYS_PREVIOUS',
    file: 'audit-chain.key',
  },
};

/**
 * Refuses a restore whose keys are not the backup's: the SINs and attachments would not open,
 * and the audit trail would not verify. Before anything is written. A backup made under a key
 * listed among the previous ones (CLIENT_DATA_KEYS_PREVIOUS, AUDIT_CHAIN_KEYS_PREVIOUS) is
 * accepted: a rotation since, its records open with the previous key (`npm run
 * rotate-client-key` moves them to the current one; the chain's entries name their key).
 */
export function refuseOtherKeys(needed: KeyFingerprints, config: Config): void {
  const accepted = acceptedFingerprints(config);
  for (const key of ['clientData', 'auditChain'] as const) {
    const fingerprint = needed[key];
    if (!fingerprint || accepted[key].includes(fingerprint)) continue;
    const names = KEY_NAMES[key];
    const current = accepted[key][0];
    throw new BackupRefusal(
      `This backup needs the ${names.what} with fingerprint ${fingerprint}; ` +
        (current ? `the configured one's is ${current}` : `no ${names.what} is configured`) +
        ` (${names.current}, else ${config.dataDir}/${names.file}). Set the key the backup was made with, ` +
        `as ${names.current} or among ${names.previous}. Nothing was written.`,
    );
  }
}
