import type { Db } from '../../db/database.ts';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import * as repo from './attachments.repository.ts';

const BATCH = 500;

/**
 * Keys the digests of rows stored before they were keyed (migration 0025, issue 27): each plain
 * SHA-256 becomes ClientDataCrypto.fileDigest of it, without reading the file. Runs at start;
 * idempotent, and safe when several processes start at once (a row is keyed only while unkeyed).
 * Downloads check either kind meanwhile. Answers how many rows it keyed.
 */
export async function keyStoredDigests(db: Db, crypto: ClientDataCrypto): Promise<number> {
  let keyed = 0;
  for (;;) {
    const rows = await repo.findUnkeyedDigests(db, BATCH);
    for (const row of rows) {
      await repo.keyDigest(db, row.id, row.sha256 === null ? null : crypto.fileDigest(row.sha256));
    }
    keyed += rows.length;
    if (rows.length < BATCH) return keyed;
  }
}
