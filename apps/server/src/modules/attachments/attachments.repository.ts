import type { Attachment, AttachmentType } from '@cairn/shared/attachments.schemas';
import { and, asc, desc, eq, gte, lt, not, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
import { attachmentChunks, attachments } from '../../db/schema/attachments.ts';
import { clients } from '../../db/schema/clients.ts';
import { users } from '../../db/schema/users.ts';

const columns = {
  attachment_id: attachments.attachmentId,
  client_id: attachments.clientId,
  name: attachments.name,
  content_type: attachments.contentType,
  size: attachments.size,
  category: attachments.category,
  note: attachments.note,
  uploaded_by: attachments.uploadedBy,
  uploaded_by_name: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  created_at: isoText(attachments.createdAt),
  updated_at: isoText(attachments.updatedAt),
};

/** One attachment as the API answers it (complete ones only); undefined when there is none. */
export async function findAttachment(db: Executor, attachmentId: number): Promise<Attachment | undefined> {
  const [row] = await db
    .select(columns)
    .from(attachments)
    .leftJoin(users, eq(users.userId, attachments.uploadedBy))
    .where(and(eq(attachments.attachmentId, attachmentId), attachments.complete));
  return row as Attachment | undefined;
}

/** A client's files, newest first (attachments_client_idx). */
export async function listAttachments(db: Executor, clientId: number): Promise<Attachment[]> {
  const rows = await db
    .select(columns)
    .from(attachments)
    .leftJoin(users, eq(users.userId, attachments.uploadedBy))
    .where(and(eq(attachments.clientId, clientId), attachments.complete))
    .orderBy(desc(attachments.createdAt), desc(attachments.attachmentId));
  return rows as Attachment[];
}

/** How many complete files a client has. */
export async function countAttachments(db: Executor, clientId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attachments)
    .where(and(eq(attachments.clientId, clientId), attachments.complete));
  return row!.n;
}

/** Locks the client's row until the transaction ends; false when the client is gone. */
export async function lockClient(db: Executor, clientId: number): Promise<boolean> {
  const rows = await db
    .select({ id: clients.clientId })
    .from(clients)
    .where(eq(clients.clientId, clientId))
    .for('update');
  return rows.length > 0;
}

/** Starts an upload: a row shown nowhere until `completeUpload`. */
export async function insertPending(
  db: Executor,
  values: {
    clientId: number;
    name: string;
    contentType: AttachmentType;
    uploadedBy: number;
    /** The key its chunks are encrypted with (the current one). */
    keyFingerprint: string;
  },
): Promise<number> {
  const [row] = await db.insert(attachments).values(values).returning({ id: attachments.attachmentId });
  return row!.id;
}

export async function insertChunk(
  db: Executor,
  attachmentId: number,
  chunkIndex: number,
  data: Uint8Array,
): Promise<void> {
  await db.insert(attachmentChunks).values({ attachmentId, chunkIndex, data });
}

/** Marks an upload complete with its size, chunk count, hash and form fields; false when it is gone. */
export async function completeUpload(
  db: Executor,
  attachmentId: number,
  values: {
    contentType: AttachmentType;
    size: number;
    chunkCount: number;
    sha256: string;
    category: string | null;
    note: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(attachments)
    .set({ ...values, complete: true, createdAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(attachments.attachmentId, attachmentId))
    .returning({ id: attachments.attachmentId });
  return rows.length > 0;
}

/** Removes an attachment (complete or not) and, by cascade, its chunks; false when it was gone. */
export async function deleteAttachment(db: Executor, attachmentId: number): Promise<boolean> {
  const rows = await db
    .delete(attachments)
    .where(eq(attachments.attachmentId, attachmentId))
    .returning({ id: attachments.attachmentId });
  return rows.length > 0;
}

/** Removes uploads that never completed and began before `before` (attachments_pending_idx). */
export async function deleteStalePending(db: Executor, before: Date): Promise<void> {
  await db.delete(attachments).where(and(not(attachments.complete), lt(attachments.createdAt, before)));
}

export interface StoredFile {
  name: string;
  contentType: AttachmentType;
  size: number;
  chunkCount: number;
  sha256: string;
  sha256Keyed: boolean;
  keyFingerprint: string | null;
  uploadedBy: number | null;
}

/** What a download needs of a complete attachment. */
export async function findStoredFile(db: Executor, attachmentId: number): Promise<StoredFile | undefined> {
  const [row] = await db
    .select({
      name: attachments.name,
      contentType: attachments.contentType,
      size: attachments.size,
      chunkCount: attachments.chunkCount,
      sha256: attachments.sha256,
      sha256Keyed: attachments.sha256Keyed,
      keyFingerprint: attachments.keyFingerprint,
      uploadedBy: attachments.uploadedBy,
    })
    .from(attachments)
    .where(and(eq(attachments.attachmentId, attachmentId), attachments.complete));
  return row && row.sha256 !== null ? ({ ...row, sha256: row.sha256 } as StoredFile) : undefined;
}

/** Up to `count` chunks from `from` on, in order (attachment_chunks_pk). */
export async function readChunks(
  db: Executor,
  attachmentId: number,
  from: number,
  count: number,
): Promise<Array<{ chunkIndex: number; data: Uint8Array }>> {
  return db
    .select({ chunkIndex: attachmentChunks.chunkIndex, data: attachmentChunks.data })
    .from(attachmentChunks)
    .where(and(eq(attachmentChunks.attachmentId, attachmentId), gte(attachmentChunks.chunkIndex, from)))
    .orderBy(asc(attachmentChunks.chunkIndex))
    .limit(count);
}

/** Saves a new name, category or note (what is undefined stays); false when it is gone. */
export async function updateAttachment(
  db: Executor,
  attachmentId: number,
  values: { name?: string; category?: string | null; note?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(attachments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(attachments.attachmentId, attachmentId), attachments.complete))
    .returning({ id: attachments.attachmentId });
  return rows.length > 0;
}

/** Up to `limit` rows whose digest is not keyed yet (attachments_unkeyed_idx), in id order. */
export async function findUnkeyedDigests(
  db: Executor,
  limit: number,
): Promise<Array<{ id: number; sha256: string | null }>> {
  return db
    .select({ id: attachments.attachmentId, sha256: attachments.sha256 })
    .from(attachments)
    .where(not(attachments.sha256Keyed))
    .orderBy(asc(attachments.attachmentId))
    .limit(limit);
}

/**
 * Keys one row's digest: `keyed` replaces the plain `sha256` it was read with (null for an upload
 * under way, whose digest is written keyed when it completes). A row another process keyed
 * meanwhile is left alone.
 */
export async function keyDigest(db: Executor, attachmentId: number, keyed: string | null): Promise<void> {
  await db
    .update(attachments)
    .set({ sha256: keyed, sha256Keyed: true })
    .where(and(eq(attachments.attachmentId, attachmentId), not(attachments.sha256Keyed)));
}
