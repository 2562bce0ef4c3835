import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Executor } from '../../db/database.ts';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import { HttpError } from '../../lib/http-error.ts';
import * as repo from './attachments.repository.ts';

/** The plain bytes of one stored chunk: what an upload or a download holds at a time. */
export const ATTACHMENT_CHUNK_BYTES = 256 * 1024;
/** Chunks read per query on download (1 MiB): fewer round trips, still a bounded buffer. */
const CHUNKS_PER_READ = 4;

/** The associated data of chunk `index` of attachment `id`: a chunk decrypts only in its own place. */
export function chunkAad(attachmentId: number, index: number): Buffer {
  const aad = Buffer.alloc(8);
  aad.writeUInt32BE(attachmentId, 0);
  aad.writeUInt32BE(index, 4);
  return aad;
}

/** The stored bytes do not add up to the file that was uploaded (altered, lost or out of order). */
export const damaged = () => new HttpError(409, 'attachment_damaged');

/**
 * Decrypts a run of chunks that must start at `from` and follow one another; throws `damaged`
 * when one is missing, out of place or altered.
 */
export function decryptRun(
  crypto: ClientDataCrypto,
  file: { attachmentId: number; keyFingerprint: string | null },
  from: number,
  rows: Array<{ chunkIndex: number; data: Uint8Array }>,
): Buffer[] {
  return rows.map((row, i) => {
    if (row.chunkIndex !== from + i) throw damaged();
    try {
      const aad = chunkAad(file.attachmentId, row.chunkIndex);
      return crypto.decryptBytes(row.data, aad, file.keyFingerprint);
    } catch {
      throw damaged();
    }
  });
}

export interface StoredShape {
  size: number;
  chunkCount: number;
  /** The keyed digest (ClientDataCrypto.fileDigest), or a row's plain SHA-256 not keyed yet. */
  sha256: string;
  sha256Keyed: boolean;
  /** The key the chunks and the digest were made with; null when not named. */
  keyFingerprint: string | null;
}

/** Whether the plain bytes' SHA-256 is the one the row stores (keyed under the row's key, or plain). */
export function digestHolds(crypto: ClientDataCrypto, file: StoredShape, sha256Hex: string): boolean {
  return file.sha256Keyed
    ? crypto.digestMatches(sha256Hex, file.sha256, file.keyFingerprint)
    : sha256Hex === file.sha256;
}

/**
 * The plain bytes of a stored file, as a stream that reads and decrypts a few chunks at a time,
 * checking each chunk's tag, their order and count, and at the end the size and SHA-256. A file
 * of up to one read (1 MiB) is checked whole before anything is sent, so damage answers 409; a
 * larger one is checked as it streams, and damage found late ends the stream with an error (the
 * response is cut short and the browser reports the download failed: it never completes).
 */
export async function openStoredFile(
  db: Executor,
  crypto: ClientDataCrypto,
  attachmentId: number,
  file: StoredShape,
): Promise<Readable> {
  const hash = createHash('sha256');
  let size = 0;
  const check = (chunks: Buffer[], last: boolean) => {
    for (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
    }
    if (!last) return;
    const digest = hash.digest('hex');
    if (size !== file.size || !digestHolds(crypto, file, digest)) {
      throw damaged();
    }
  };

  const named = { attachmentId, keyFingerprint: file.keyFingerprint };
  const first = decryptRun(crypto, named, 0, await repo.readChunks(db, attachmentId, 0, CHUNKS_PER_READ));
  if (file.chunkCount <= CHUNKS_PER_READ) {
    if (first.length !== file.chunkCount) throw damaged();
    check(first, true);
    return Readable.from(first, { objectMode: false });
  }
  async function* rest(): AsyncGenerator<Buffer> {
    let next = first.length;
    let chunks = first;
    for (;;) {
      const last = next >= file.chunkCount;
      if (chunks.length === 0 || next > file.chunkCount) throw damaged();
      check(chunks, last);
      yield* chunks;
      if (last) return;
      chunks = decryptRun(
        crypto,
        named,
        next,
        await repo.readChunks(db, attachmentId, next, CHUNKS_PER_READ),
      );
      next += chunks.length;
    }
  }
  return Readable.from(rest(), { objectMode: false });
}
