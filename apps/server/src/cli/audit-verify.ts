/**
 * Checks the audit trail's hash chain end to end and names the first broken entry.
 *
 *   npm run audit:verify
 *
 * The database is the one the server uses: DATABASE_URL, else the embedded one in DATA_DIR (stop
 * the server first: the embedded database serves one process). Exits 0 when the chain holds, 2
 * when an entry was edited, removed or inserted, 1 when it could not check.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { verifyChain } from '../modules/audit/audit.service.ts';
import { readOptions, runCommand } from './command.ts';

const USAGE = `Usage: npm run audit:verify

Checks every audit entry's hash against the previous entry's and its own content, in order.
Exits 0 when the chain holds; 2, naming the first broken entry, when it does not.`;

const REASONS = {
  anchor: 'the oldest entry follows neither the start of the trail nor a recorded retention drop',
  gap: 'the entry before it is missing',
  previous_hash: "its previous hash is not the previous entry's hash",
  content: 'its content does not match its hash (edited)',
} as const;

/** The check itself, for the command and its test: the exit code and what to print. */
export async function auditVerify(
  db: Parameters<typeof verifyChain>[0],
): Promise<{ code: number; message: string }> {
  const { checked, broken } = await verifyChain(db);
  if (!broken) return { code: 0, message: `Audit trail intact: ${checked} entries checked.` };
  return {
    code: 2,
    message: `Audit trail broken at entry ${broken.seq}: ${REASONS[broken.reason]} (${checked === 1 ? 'the 1 entry before it holds' : `the ${checked} entries before it hold`}).`,
  };
}

async function main(): Promise<number> {
  const options = readOptions(
    () => parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true }).values,
    USAGE,
  );
  if (!options) return 0;
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const { code, message } = await auditVerify(database.db);
    (code === 0 ? console.log : console.error)(message);
    return code;
  } finally {
    await database.close();
  }
}

// Run as a command; imported (by its test), it only offers auditVerify.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  runCommand(main, 'audit:verify failed:');
