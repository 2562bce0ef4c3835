import { and, asc, count, eq, gt, isNotNull, not, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import { attachmentChunks, attachments } from '../../db/schema/attachments.ts';
import { clients } from '../../db/schema/clients.ts';

/**
 * The SQL of the client data key's rotation (issue 30). It touches only the encrypted columns,
 * never `updated_at`: a rotation is no change anyone made.
 */

/** A SIN not stored under the key `fingerprint` names (`v2:<fingerprint>:…`). */
const sinNotUnder = (fingerprint: string) =>
  and(
    isNotNull(clients.sinEncrypted),
    not(sql`starts_with(${clients.sinEncrypted}, ${`v2:${fingerprint}:`})`),
  );

/** A complete attachment whose chunks and digest are not under the key `fingerprint` names. */
const fileNotUnder = (fingerprint: string) =>
  and(attachments.complete, sql`${attachments.keyFingerprint} IS DISTINCT FROM ${fingerprint}`);

export async function countSinsToRotate(db: Executor, fingerprint: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clients).where(sinNotUnder(fingerprint));
  return row!.n;
}

export async function countFilesToRotate(db: Executor, fingerprint: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(attachments).where(fileNotUnder(fingerprint));
  return row!.n;
}

/** Up to `limit` clients after `afterId` whose SIN is not under the key, in id order. */
export function sinsToRotate(
  db: Executor,
  fingerprint: string,
  afterId: number,
  limit: number,
): Promise<Array<{ clientId: number; sinEncrypted: string }>> {
  return db
    .select({ clientId: clients.clientId, sinEncrypted: sql<string>`${clients.sinEncrypted}` })
    .from(clients)
    .where(and(gt(clients.clientId, afterId), sinNotUnder(fingerprint)))
    .orderBy(asc(clients.clientId))
    .limit(limit);
}

export interface SinRewrite {
  clientId: number;
  /** The ciphertext read: the row is written only if it still holds it (no concurrent edit lost). */
  before: string;
  sinEncrypted: string;
  sinHash: string;
}

/**
 * Writes the batch's new ciphertexts and hashes in one statement, each only where the row still
 * holds the ciphertext it was read with; answers the ids written.
 */
export async function rewriteSins(db: Executor, rows: readonly SinRewrite[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map(
      (r) => sql`(${r.clientId}::int, ${r.before}::text, ${r.sinEncrypted}::text, ${r.sinHash}::text)`,
    ),
    sql`, `,
  );
  const written = await selectRows<{ client_id: number }>(
    db,
    sql`UPDATE clients c SET sin_encrypted = v.sin_encrypted, sin_hash = v.sin_hash
          FROM (VALUES ${values}) AS v(client_id, before, sin_encrypted, sin_hash)
         WHERE c.client_id = v.client_id AND c.sin_encrypted = v.before
     RETURNING c.client_id`,
    { planEach: true },
  );
  return written.map((r) => r.client_id);
}

/** Up to `limit` attachment ids after `afterId` not under the key, in id order. */
export async function filesToRotate(
  db: Executor,
  fingerprint: string,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: attachments.attachmentId })
    .from(attachments)
    .where(and(gt(attachments.attachmentId, afterId), fileNotUnder(fingerprint)))
    .orderBy(asc(attachments.attachmentId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface FileToRotate {
  attachmentId: number;
  size: number;
  chunkCount: number;
  sha256: string;
  sha256Keyed: boolean;
  keyFingerprint: string | null;
}

/**
 * The attachment's row, locked until the transaction ends (a delete waits), if it is still
 * complete and not under the key; else undefined.
 */
export async function lockFileToRotate(
  tx: Executor,
  attachmentId: number,
  fingerprint: string,
): Promise<FileToRotate | undefined> {
  const [row] = await tx
    .select({
      attachmentId: attachments.attachmentId,
      size: attachments.size,
      chunkCount: attachments.chunkCount,
      sha256: sql<string>`${attachments.sha256}`,
      sha256Keyed: attachments.sha256Keyed,
      keyFingerprint: attachments.keyFingerprint,
    })
    .from(attachments)
    .where(
      and(
        eq(attachments.attachmentId, attachmentId),
        fileNotUnder(fingerprint),
        isNotNull(attachments.sha256),
      ),
    )
    .for('update');
  return row;
}

/** Up to `count` chunks from `from` on, in order. */
export function readChunks(
  tx: Executor,
  attachmentId: number,
  from: number,
  limit: number,
): Promise<Array<{ chunkIndex: number; data: Uint8Array }>> {
  return tx
    .select({ chunkIndex: attachmentChunks.chunkIndex, data: attachmentChunks.data })
    .from(attachmentChunks)
    .where(
      and(eq(attachmentChunks.attachmentId, attachmentId), sql`${attachmentChunks.chunkIndex} >= ${from}`),
    )
    .orderBy(asc(attachmentChunks.chunkIndex))
    .limit(limit);
}

export async function rewriteChunk(
  tx: Executor,
  attachmentId: number,
  chunkIndex: number,
  data: Uint8Array,
): Promise<void> {
  await tx
    .update(attachmentChunks)
    .set({ data })
    .where(and(eq(attachmentChunks.attachmentId, attachmentId), eq(attachmentChunks.chunkIndex, chunkIndex)));
}

/** The new digest and the key it and the chunks are now under (updated_at untouched). */
export async function markFileRotated(
  tx: Executor,
  attachmentId: number,
  sha256: string,
  fingerprint: string,
): Promise<void> {
  await tx
    .update(attachments)
    .set({ sha256, sha256Keyed: true, keyFingerprint: fingerprint })
    .where(eq(attachments.attachmentId, attachmentId));
}
