import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Executor } from '../../db/database.ts';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import { conflict } from '../../lib/http-error.ts';
import * as repo from './ministry-files.repository.ts';

/**
 * A ministry file's bytes in the database (ministry-files.service.ts): chunks encrypted with the
 * client data key, each bound to its file and place, read back a few at a time and checked.
 */

/**
 * The plain bytes of one stored chunk, as an attachment's: node-postgres carries bytea as hex text,
 * so a chunk is three times its size in memory on its way (measured at 1 MiB: RSS +98 MB).
 */
const CHUNK_BYTES = 256 * 1024;
/** Chunks read per query on download (1 MiB). */
const CHUNKS_PER_READ = 4;

/** The associated data of chunk `index` of file `id`: a chunk decrypts only in its own place. */
function chunkAad(fileId: number, index: number): Buffer {
  const aad = Buffer.alloc(24);
  aad.write('cairn-ministry-f', 0, 'ascii');
  aad.writeUInt32BE(fileId, 16);
  aad.writeUInt32BE(index, 20);
  return aad;
}

/**
 * The file at `path` stored as file `fileId`'s encrypted chunks; `check` runs before each chunk (it
 * throws to stop). Answers the file's size and chunks.
 */
export async function storeChunks(
  db: Executor,
  crypto: ClientDataCrypto,
  fileId: number,
  path: string,
  check: () => void,
): Promise<{ size: number; chunkCount: number }> {
  let index = 0;
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    check();
    await repo.insertChunk(db, fileId, index, crypto.encryptBytes(chunk, chunkAad(fileId, index)));
    index++;
    size += chunk.length;
  }
  return { size, chunkCount: index };
}

type StoredFile = Pick<repo.MinistryFileRow, 'fileId' | 'size' | 'chunkCount' | 'keyFingerprint'>;

/** Up to CHUNKS_PER_READ chunks from `from` on, decrypted; throws when one is out of place or altered. */
async function decrypted(db: Executor, crypto: ClientDataCrypto, file: StoredFile, from: number) {
  const rows = await repo.readChunks(db, file.fileId, from, CHUNKS_PER_READ);
  return rows.map((row, i) => {
    if (row.chunkIndex !== from + i) throw new Error('the stored ministry file is out of order');
    return crypto.decryptBytes(row.data, chunkAad(file.fileId, row.chunkIndex), file.keyFingerprint);
  });
}

/**
 * A ready file's bytes, read and decrypted a few chunks at a time, checked against its chunk count
 * and size at the end. The first chunks are read before anything is answered: a file that cannot
 * be read answers 409 ministry_file_failed; damage found later cuts the download short.
 */
export async function openChunks(
  db: Executor,
  crypto: ClientDataCrypto,
  file: StoredFile,
): Promise<Readable> {
  const first = await decrypted(db, crypto, file, 0).catch(() => {
    throw conflict('ministry_file_failed');
  });
  async function* chunks(): AsyncGenerator<Buffer> {
    let next = 0;
    let size = 0;
    let run = first;
    const count = file.chunkCount ?? 0;
    while (run.length > 0) {
      for (const chunk of run) size += chunk.length;
      next += run.length;
      yield* run;
      run = next < count ? await decrypted(db, crypto, file, next) : [];
    }
    if (next !== count || size !== file.size) throw new Error('the stored ministry file is incomplete');
  }
  return Readable.from(chunks(), { objectMode: false });
}
