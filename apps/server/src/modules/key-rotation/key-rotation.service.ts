import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import { chunkAad, decryptRun, digestHolds } from '../attachments/attachment-chunks.service.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import { recordInTransaction } from '../audit/audit-writer.service.ts';
import * as repo from './key-rotation.repository.ts';

/** Chunks read per query while a file is re-encrypted (1 MiB), as a download reads them. */
const CHUNKS_PER_READ = 4;

export interface RotationProgress {
  /** Records now under the current key (this run), and how many there were to do at its start. */
  done: number;
  total: number;
  clients: number;
  attachments: number;
  /** Records no accepted key opens (named at the end). */
  failed: number;
  seconds: number;
}

export interface RotationResult extends RotationProgress {
  /** Clients whose SIN no accepted key opens. */
  unopenedClients: number[];
  /** Attachments whose chunks no accepted key opens, or whose bytes no longer match their digest. */
  unopenedAttachments: number[];
}

export interface RotationOptions {
  /** SINs per statement, attachments listed per query. */
  batch?: number;
  /** After each batch; a throw stops the run (what was written stays written). */
  onProgress?: (p: RotationProgress) => void | Promise<void>;
}

/**
 * Moves every SIN and every complete attachment under the current client data key (issue 30),
 * while servers run: SINs a batch per statement, each written only where the row still holds the
 * ciphertext read (a concurrent edit wins, and is already under the current key); a file per
 * transaction, its row locked, every chunk decrypted (the key its row names, else any accepted
 * one), checked against its size and digest, encrypted again, and its digest keyed again. Neither
 * touches `updated_at` nor writes a change entry; the run is one audit entry (`client_key_rotation`).
 * Stateless: run again after a crash, it does what is not under the current key yet.
 */
export async function rotateClientKey(
  db: Db,
  crypto: ClientDataCrypto,
  options: RotationOptions = {},
): Promise<RotationResult> {
  const batch = options.batch ?? 500;
  const key = crypto.fingerprint;
  const started = performance.now();
  const total = (await repo.countSinsToRotate(db, key)) + (await repo.countFilesToRotate(db, key));
  const result: RotationResult = {
    done: 0,
    total,
    clients: 0,
    attachments: 0,
    failed: 0,
    seconds: 0,
    unopenedClients: [],
    unopenedAttachments: [],
  };
  const report = async () => {
    result.done = result.clients + result.attachments;
    result.failed = result.unopenedClients.length + result.unopenedAttachments.length;
    result.seconds = (performance.now() - started) / 1000;
    await options.onProgress?.({ ...result });
  };

  for (let after = 0; ;) {
    const rows = await repo.sinsToRotate(db, key, after, batch);
    if (rows.length === 0) break;
    after = rows.at(-1)!.clientId;
    const rewrites: repo.SinRewrite[] = [];
    for (const row of rows) {
      let sin: string;
      try {
        sin = crypto.decrypt(row.sinEncrypted);
      } catch {
        result.unopenedClients.push(row.clientId);
        continue;
      }
      rewrites.push({
        clientId: row.clientId,
        before: row.sinEncrypted,
        sinEncrypted: crypto.encrypt(sin),
        sinHash: crypto.hash(sin),
      });
    }
    result.clients += (await repo.rewriteSins(db, rewrites)).length;
    await report();
  }

  for (let after = 0; ;) {
    const ids = await repo.filesToRotate(db, key, after, batch);
    if (ids.length === 0) break;
    after = ids.at(-1)!;
    for (const id of ids) {
      const outcome = await rotateFile(db, crypto, id);
      if (outcome === 'rotated') result.attachments += 1;
      else if (outcome === 'unopened') result.unopenedAttachments.push(id);
    }
    await report();
  }

  await report();
  // No user's call: the run's one entry goes to the trail's inbox, chained by the next writer's turn.
  await recordInTransaction(db, {
    at: new Date().toISOString(),
    userId: null,
    roleId: null,
    action: 'client_key_rotation',
    recordKind: null,
    recordId: null,
    clientId: null,
    address: null,
    userAgent: null,
    outcome: 'allowed',
    details: {
      key: key,
      clients: result.clients,
      attachments: result.attachments,
      unopened_clients: result.unopenedClients,
      unopened_attachments: result.unopenedAttachments,
    },
  });
  return result;
}

class Unopened extends Error {}

/** No user's call: a file's transaction writes no change entry (the run's own entry says it all). */
const SYSTEM = {};

/** One file in one transaction: 'gone' when it was deleted or rotated meanwhile. */
async function rotateFile(
  db: Db,
  crypto: ClientDataCrypto,
  attachmentId: number,
): Promise<'rotated' | 'gone' | 'unopened'> {
  try {
    return await auditedTransaction(db, SYSTEM, async (tx) => {
      const file = await repo.lockFileToRotate(tx, attachmentId, crypto.fingerprint);
      if (!file) return 'gone';
      const hash = createHash('sha256');
      let size = 0;
      for (let next = 0; next < file.chunkCount;) {
        const rows = await repo.readChunks(tx, attachmentId, next, CHUNKS_PER_READ);
        if (rows.length === 0) throw new Unopened();
        let plain: Buffer[];
        try {
          plain = decryptRun(crypto, file, next, rows);
        } catch {
          throw new Unopened();
        }
        for (const [i, chunk] of plain.entries()) {
          hash.update(chunk);
          size += chunk.length;
          await repo.rewriteChunk(
            tx,
            attachmentId,
            next + i,
            crypto.encryptBytes(chunk, chunkAad(attachmentId, next + i)),
          );
        }
        next += rows.length;
      }
      const digest = hash.digest('hex');
      if (size !== file.size || !digestHolds(crypto, file, digest)) throw new Unopened();
      await repo.markFileRotated(tx, attachmentId, crypto.fileDigest(digest), crypto.fingerprint);
      return 'rotated' as const;
    });
  } catch (err) {
    if (err instanceof Unopened) return 'unopened';
    throw err;
  }
}
