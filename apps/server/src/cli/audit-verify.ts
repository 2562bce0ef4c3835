/**
 * Checks the audit trail's hash chain end to end, with the chain's key, and against the signed
 * checkpoints of its head, and names the first problem.
 *
 *   npm run audit:verify
 *
 * The database is the one the server uses: DATABASE_URL, else the embedded one in DATA_DIR (stop
 * the server first: the embedded database serves one process); the keys AUDIT_CHAIN_KEY (else the
 * one generated into DATA_DIR) and AUDIT_CHAIN_KEYS_PREVIOUS, each entry checked with the key it
 * names; the checkpoints AUDIT_CHECKPOINT_FILE. Exits 0 when the trail holds, 2 when an entry was
 * edited, removed or inserted, the chain computed again, its tail removed, the table emptied, or
 * an entry keyed with a key rotated out appended after its rotation; 1 when it could not check (an
 * entry or checkpoint names a key it was not given: the message names its fingerprint).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import type { Db } from '../db/database.ts';
import { verifierChainKeys } from '../modules/audit/audit-key.service.ts';
import { verifyTrail, type TrailProblem, type TrailVerification } from '../modules/audit/audit.service.ts';
import { readOptions, runCommand } from './command.ts';

const USAGE = `Usage: npm run audit:verify

Checks every audit entry's hash against the previous entry's and its own content, in order, with
the key it names (AUDIT_CHAIN_KEY, else the one in DATA_DIR, or one of AUDIT_CHAIN_KEYS_PREVIOUS),
then each signed checkpoint of the chain's head (AUDIT_CHECKPOINT_FILE) against the entry it names.
Exits 0 when the trail holds; 2, naming the first problem, when it does not; 1 when an entry or a
checkpoint names a key it was not given (list it in AUDIT_CHAIN_KEYS_PREVIOUS).`;

const REASONS = {
  anchor: 'the oldest entry follows neither the start of the trail nor a recorded retention drop',
  gap: 'the entry before it is missing',
  previous_hash: "its previous hash is not the previous entry's hash",
  content: 'its content does not match its hash (edited, or hashed again without the key)',
  unkeyed: 'it is hashed without the chain key, though written after the chain was keyed',
  unknown_key: 'it is keyed with a key this check was not given',
  rotated_out: 'it is keyed with a key rotated out before it (a retired key cannot append)',
  key_change: 'it is keyed with another key than the entry before, without a rotation record',
} as const;

/** The keys that keyed the chain and where each starts: "k1 from entry 1, k2 from entry 120". */
const keysText = (starts: TrailVerification['keyStarts']) =>
  starts.length === 0
    ? 'no keyed entry'
    : `key${starts.length === 1 ? '' : 's'} ${starts.map((s) => `${s.keyId} from entry ${s.from}`).join(', ')}`;

function problemText(problem: TrailProblem, checked: number, file: string): string {
  switch (problem.kind) {
    case 'chain': {
      const { seq, reason, keyId } = problem.broken;
      if (reason === 'unknown_key')
        return `Audit trail not checked from entry ${seq}: it is keyed with the key of fingerprint ${keyId}, which this check was not given (list it in AUDIT_CHAIN_KEYS_PREVIOUS).`;
      const held = checked === 1 ? 'the 1 entry before it holds' : `the ${checked} entries before it hold`;
      const named = reason === 'rotated_out' || reason === 'key_change' ? ` (key ${keyId})` : '';
      return `Audit trail broken at entry ${seq}: ${REASONS[reason]}${named} (${held}).`;
    }
    case 'checkpoint_unknown_key':
      return `Audit checkpoint file ${file}, line ${problem.line}: signed with the key of fingerprint ${problem.keyId}, which this check was not given (list it in AUDIT_CHAIN_KEYS_PREVIOUS).`;
    case 'checkpoint_unsigned':
      return `Audit checkpoint file ${file}, line ${problem.line}: not a checkpoint signed with the chain key.`;
    case 'checkpoint_hash':
      return `Audit trail broken at entry ${problem.checkpoint.seq}: its hash is not the one checkpointed at ${problem.checkpoint.at} (the chain was computed again).`;
    case 'checkpoint_gone':
      return problem.end === null
        ? `Audit trail emptied: it holds no entry, but entry ${problem.checkpoint.seq} was checkpointed at ${problem.checkpoint.at} (truncated).`
        : problem.end < problem.checkpoint.seq
          ? `Audit trail cut short: it ends at entry ${problem.end}, but entry ${problem.checkpoint.seq} was checkpointed at ${problem.checkpoint.at} (its tail removed).`
          : `Audit trail broken at entry ${problem.checkpoint.seq}: checkpointed at ${problem.checkpoint.at}, it is missing, and no retention drop accounts for it.`;
    case 'checkpoint_file_missing':
      return `Audit checkpoint file ${file} is missing, though the trail holds entries written by a server that checkpoints (removed, or AUDIT_CHECKPOINT_FILE is not the server's).`;
  }
}

/** The check itself, for the command and its tests: the exit code and what to print. */
export async function auditVerify(db: Db, config: Config): Promise<{ code: number; message: string }> {
  const file = config.audit.checkpointFile;
  const v = await verifyTrail(db, { keys: verifierChainKeys(config), checkpointFile: file });
  if (v.problem) {
    const unchecked =
      v.problem.kind === 'checkpoint_unknown_key' ||
      (v.problem.kind === 'chain' && v.problem.broken.reason === 'unknown_key');
    return { code: unchecked ? 1 : 2, message: problemText(v.problem, v.checked, file) };
  }
  const anchored = v.checkpointFile
    ? `${v.checkpoints} checkpoint${v.checkpoints === 1 ? '' : 's'} matched`
    : `no checkpoint file at ${file} yet (none written: no server with checkpoints has run on this trail)`;
  return {
    code: 0,
    message: `Audit trail intact: ${v.checked} entries checked (${keysText(v.keyStarts)}); ${anchored}.`,
  };
}

async function main(): Promise<number> {
  const options = readOptions(
    () => parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true }).values,
    USAGE,
  );
  if (!options) return 0;
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const { code, message } = await auditVerify(database.db, config);
    (code === 0 ? console.log : console.error)(message);
    return code;
  } finally {
    await database.close();
  }
}

// Run as a command; imported (by its test), it only offers auditVerify.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  runCommand(main, 'audit:verify failed:');
