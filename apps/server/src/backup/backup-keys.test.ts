import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { chainKeyOf } from '../modules/audit/audit-chain.service.ts';
import { clientKeyFingerprint, parseMasterKey } from '../lib/client-data-crypto.ts';
import { refuseOtherKeys } from './backup-keys.ts';

const OLD_CLIENT = '1a'.repeat(32);
const NEW_CLIENT = '2b'.repeat(32);
const OLD_CHAIN = 'old-chain-key-old-chain-key-old-chain-key';
const NEW_CHAIN = 'new-chain-key-new-chain-key-new-chain-key';

/** A backup's needs: the fingerprints of the keys it was made under. */
const madeUnder = (client: string, chain: string) => ({
  clientData: clientKeyFingerprint(parseMasterKey(client)),
  auditChain: chainKeyOf(chain).id,
});
const configWith = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent/cairn-keys', ...env });

describe('a restore’s key check', () => {
  it('accepts the keys the backup was made under, current or listed as previous', () => {
    const needs = madeUnder(OLD_CLIENT, OLD_CHAIN);
    expect(() =>
      refuseOtherKeys(needs, configWith({ CLIENT_DATA_KEY: OLD_CLIENT, AUDIT_CHAIN_KEY: OLD_CHAIN })),
    ).not.toThrow();
    const rotated = configWith({
      CLIENT_DATA_KEY: NEW_CLIENT,
      CLIENT_DATA_KEYS_PREVIOUS: OLD_CLIENT,
      AUDIT_CHAIN_KEY: NEW_CHAIN,
      AUDIT_CHAIN_KEYS_PREVIOUS: OLD_CHAIN,
    });
    expect(() => refuseOtherKeys(needs, rotated)).not.toThrow();
  });

  it('refuses other keys, naming the fingerprint needed and where to set it', () => {
    const needs = madeUnder(OLD_CLIENT, OLD_CHAIN);
    expect(() =>
      refuseOtherKeys(needs, configWith({ CLIENT_DATA_KEY: NEW_CLIENT, AUDIT_CHAIN_KEY: OLD_CHAIN })),
    ).toThrow(
      new RegExp(
        `needs the client data key with fingerprint ${needs.clientData}; the configured one's is ` +
          `${clientKeyFingerprint(parseMasterKey(NEW_CLIENT))}.*among CLIENT_DATA_KEYS_PREVIOUS. Nothing was written`,
      ),
    );
    expect(() =>
      refuseOtherKeys(needs, configWith({ CLIENT_DATA_KEY: OLD_CLIENT, AUDIT_CHAIN_KEY: NEW_CHAIN })),
    ).toThrow(
      new RegExp(
        `needs the audit chain key with fingerprint ${needs.auditChain}.*among AUDIT_CHAIN_KEYS_PREVIOUS`,
      ),
    );
  });
});
