import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/database.ts';
import type { ChainKey } from './audit-chain.service.ts';
import * as repo from './audit.repository.ts';

/**
 * The chain's head anchored outside the database (issue 27): the server appends a signed
 * checkpoint of the last stored entry (its seq and hash, and the time) to AUDIT_CHECKPOINT_FILE
 * every five minutes and when it stops. `audit:verify` then finds the trail truncated, its tail
 * removed or the chain computed again, which the chain alone cannot show. One line per
 * checkpoint, written with a single append, so several server processes share one file.
 */
export interface Checkpoint {
  seq: number;
  hash: string;
  /** When it was written (ISO 8601, UTC). */
  at: string;
}

const signatureOf = (key: ChainKey, c: Checkpoint) =>
  createHmac('sha256', Buffer.from(key.checkpoint, 'hex'))
    .update(`${c.seq}\n${c.hash}\n${c.at}`)
    .digest('hex');

/** A checkpoint as one line of the file: JSON with the key's fingerprint and the signature. */
export function checkpointLine(key: ChainKey, c: Checkpoint): string {
  return `${JSON.stringify({ seq: c.seq, hash: c.hash, at: c.at, key: key.id, sig: signatureOf(key, c) })}\n`;
}

/**
 * The file's checkpoints, the lines that are not checkpoints signed with a key held (1-based), and
 * the lines signed, by their own word, with a key not held (its fingerprint).
 */
export interface CheckpointFile {
  exists: boolean;
  checkpoints: Checkpoint[];
  unsigned: number[];
  unknownKeys: Array<{ line: number; keyId: string }>;
}

/** A line's checkpoint, null when not one signed with its key, or the key id it names when not held. */
function parsed(keys: readonly ChainKey[], line: string): Checkpoint | null | { unknownKey: string } {
  try {
    const v = JSON.parse(line) as Record<string, unknown>;
    const { seq, hash, at, sig } = v;
    if (typeof seq !== 'number' || typeof hash !== 'string' || typeof at !== 'string') return null;
    if (typeof sig !== 'string' || typeof v.key !== 'string') return null;
    const key = keys.find((k) => k.id === v.key);
    if (!key) return { unknownKey: v.key };
    const c = { seq, hash, at };
    const expected = Buffer.from(signatureOf(key, c), 'hex');
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected) ? c : null;
  } catch {
    return null;
  }
}

/** Reads every checkpoint of `file`, checking each line's signature with the key it names, of `keys`. */
export async function readCheckpoints(file: string, keys: readonly ChainKey[]): Promise<CheckpointFile> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { exists: false, checkpoints: [], unsigned: [], unknownKeys: [] };
    throw err;
  }
  const checkpoints: Checkpoint[] = [];
  const unsigned: number[] = [];
  const unknownKeys: CheckpointFile['unknownKeys'] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const c = parsed(keys, line);
    if (c === null) unsigned.push(i + 1);
    else if ('unknownKey' in c) unknownKeys.push({ line: i + 1, keyId: c.unknownKey });
    else checkpoints.push(c);
  });
  return { exists: true, checkpoints, unsigned, unknownKeys };
}

export interface Checkpoints {
  /** Appends a checkpoint of the last stored entry, unless this process checkpointed it already. */
  write(): Promise<void>;
  /** Appends a checkpoint of this stored entry (a key rotation's record: the rotation's checkpoint). */
  mark(entry: { seq: number; hash: string }): Promise<void>;
  /** Stops the timer and writes a last checkpoint: the app's onClose, after the writer's last batch. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing the chain's head into `file` every `everyMs`: the file (and its folder) is
 * created now, so that a file missing later was removed, or is not the server's
 * (audit-verify.ts). A checkpoint that cannot be written is logged, and tried at the next turn.
 */
export function startCheckpoints(
  db: Executor,
  key: ChainKey,
  file: string,
  log: FastifyBaseLogger,
  everyMs: number,
): Checkpoints {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, '', { mode: 0o600 });
  let written = '';
  let running: Promise<void> = Promise.resolve();

  async function writeAt(end: { seq: number; hash: string } | null): Promise<void> {
    if (!end || written === `${end.seq}:${end.hash}`) return;
    const at = new Date().toISOString();
    await fs.promises.appendFile(file, checkpointLine(key, { seq: end.seq, hash: end.hash, at }));
    written = `${end.seq}:${end.hash}`;
  }
  const queued = (step: () => Promise<void>) => {
    running = running.then(step).catch((err: unknown) => log.error({ err }, 'audit checkpoint not written'));
    return running;
  };
  const write = () => queued(async () => writeAt(await repo.lastEntry(db)));

  const timer = setInterval(() => void write(), everyMs);
  timer.unref();
  return {
    write,
    mark: (entry) => queued(() => writeAt(entry)),
    async stop() {
      clearInterval(timer);
      await write();
    },
  };
}
