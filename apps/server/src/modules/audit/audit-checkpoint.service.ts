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

/** The file's checkpoints, and the lines that are not checkpoints signed with `key` (1-based). */
export interface CheckpointFile {
  exists: boolean;
  checkpoints: Checkpoint[];
  unsigned: number[];
}

function parsed(key: ChainKey | null, line: string): Checkpoint | null {
  try {
    const v = JSON.parse(line) as Record<string, unknown>;
    const { seq, hash, at, sig } = v;
    if (typeof seq !== 'number' || typeof hash !== 'string' || typeof at !== 'string') return null;
    if (typeof sig !== 'string' || !key || v.key !== key.id) return null;
    const c = { seq, hash, at };
    const expected = Buffer.from(signatureOf(key, c), 'hex');
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected) ? c : null;
  } catch {
    return null;
  }
}

/** Reads every checkpoint of `file`, checking each line's signature with `key`. */
export async function readCheckpoints(file: string, key: ChainKey | null): Promise<CheckpointFile> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { exists: false, checkpoints: [], unsigned: [] };
    throw err;
  }
  const checkpoints: Checkpoint[] = [];
  const unsigned: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const c = parsed(key, line);
    if (c) checkpoints.push(c);
    else unsigned.push(i + 1);
  });
  return { exists: true, checkpoints, unsigned };
}

export interface Checkpoints {
  /** Appends a checkpoint of the last stored entry, unless this process checkpointed it already. */
  write(): Promise<void>;
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

  async function writeHead(): Promise<void> {
    const end = await repo.lastEntry(db);
    if (!end || written === `${end.seq}:${end.hash}`) return;
    await fs.promises.appendFile(file, checkpointLine(key, { ...end, at: new Date().toISOString() }));
    written = `${end.seq}:${end.hash}`;
  }
  const write = () => {
    running = running
      .then(writeHead)
      .catch((err: unknown) => log.error({ err }, 'audit checkpoint not written'));
    return running;
  };

  const timer = setInterval(() => void write(), everyMs);
  timer.unref();
  return {
    write,
    async stop() {
      clearInterval(timer);
      await write();
    },
  };
}
