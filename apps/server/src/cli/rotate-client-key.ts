/**
 * Moves every SIN and attachment under the current client data key (docs/operations.md,
 * "Rotating the client data key").
 *
 *   npm run rotate-client-key [-- --batch N]
 *
 * CLIENT_DATA_KEY is the new key, CLIENT_DATA_KEYS_PREVIOUS the old ones (every server already
 * restarted with both). On PostgreSQL (DATABASE_URL) while servers run; on the embedded database
 * (DATA_DIR) with the server stopped. Resumable: run again after a crash. Exits 0 when every record
 * is under the current key (the previous keys can be dropped), 1 when a record could not be opened
 * (named) or the run failed.
 */
import { parseArgs } from 'node:util';
import { CLIENT_KEY_FILE } from '../backup/backup-keys.ts';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { createClientDataCrypto, parseMasterKey, parseMasterKeys } from '../lib/client-data-crypto.ts';
import { readSecret } from '../lib/secrets.ts';
import { rotateClientKey } from '../modules/key-rotation/key-rotation.service.ts';
import { readOptions, runCommand, UsageError, wholeNumber } from './command.ts';
import { progressLine, summary } from './rotation-report.ts';

const USAGE = `Usage: npm run rotate-client-key [-- --batch N]

Re-encrypts every client's SIN (and its look-up hash) and every attachment (its chunks and digest)
under the current client data key (CLIENT_DATA_KEY, else the one in DATA_DIR), reading with the
key each record names among CLIENT_DATA_KEYS_PREVIOUS. In batches of N (500), in short
transactions, while servers run (PostgreSQL; the embedded database: with the server stopped).
Run again after an interruption: it continues with what is not under the current key yet.
Exits 0 when everything is, 1 naming every record no configured key opens.`;

async function main(): Promise<number> {
  const options = readOptions(
    () =>
      parseArgs({
        options: { batch: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
        strict: true,
      }).values,
    USAGE,
  );
  if (!options) return 0;
  const batch = wholeNumber('batch', options.batch ?? '500', { min: 1, max: 10_000 }, USAGE);
  const config = loadConfig();
  const current = config.clientDataKey ?? readSecret(config.dataDir, CLIENT_KEY_FILE);
  if (!current)
    throw new UsageError(
      `No client data key is configured (CLIENT_DATA_KEY, else ${config.dataDir}/${CLIENT_KEY_FILE}).`,
    );
  const crypto = createClientDataCrypto(
    parseMasterKey(current),
    parseMasterKeys(config.clientDataKeysPrevious),
  );
  // The embedded database serves one process: opening it while the server runs is refused.
  const database = await openConfiguredDatabase(config);
  try {
    console.log(
      `Rotating to the client data key ${crypto.fingerprint}; also accepted for reading: ${crypto.fingerprints.slice(1).join(', ') || 'none'}.`,
    );
    let shown = 0;
    const result = await rotateClientKey(database.db, crypto, {
      batch,
      onProgress: (p) => {
        if (p.seconds - shown < 1 && p.done < p.total) return;
        shown = p.seconds;
        console.log(progressLine(p));
      },
    });
    const { code, lines } = summary(result, crypto.fingerprint);
    (code === 0 ? console.log : console.error)(lines.join('\n'));
    return code;
  } finally {
    await database.close();
  }
}

runCommand(main, 'rotate-client-key failed:');
