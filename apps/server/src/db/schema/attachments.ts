import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import {
  ATTACHMENT_CATEGORIES,
  ATTACHMENT_LIMITS,
  ATTACHMENT_TYPES,
} from '@cairn/shared/attachments.schemas';
import { bytea } from './bytea.ts';
import { clients } from './clients.ts';
import { oneOf } from './checks.ts';
import { timestamps } from './timestamps.ts';
import { users } from './users.ts';

/**
 * A client's documents (issue 15): what the list shows, and the keyed digest of the plain bytes,
 * checked on every download. The bytes themselves are in attachment_chunks. A row is `complete`
 * once every chunk is written; until then it is an upload under way, shown nowhere, and removed
 * when the upload fails (or, if its process died, by the next upload an hour later).
 */
export const attachments = pgTable(
  'attachments',
  {
    attachmentId: integer('attachment_id').primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    /** The name as uploaded (or renamed), for display only: never a path. */
    name: varchar('name', { length: ATTACHMENT_LIMITS.nameMax }).notNull(),
    /** The type the content showed, never the browser's claim. */
    contentType: varchar('content_type', { length: 128 }).notNull(),
    size: integer('size').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    /**
     * HMAC-SHA-256 of the plain bytes' SHA-256 (hex), keyed with a key derived from the client data
     * key, so a copy of the database cannot confirm that a known file is here (issue 27); null until
     * the upload completes.
     */
    sha256: char('sha256', { length: 64 }),
    /** False for a row stored before the digest was keyed: the server keys it at start. */
    sha256Keyed: boolean('sha256_keyed').notNull().default(true),
    /**
     * The fingerprint of the client data key the chunks and the keyed digest were made with
     * (clientKeyFingerprint); null for a row stored before keys were named (every accepted key is
     * tried). `npm run rotate-client-key` moves rows to the current key.
     */
    keyFingerprint: varchar('key_fingerprint', { length: 16 }),
    category: varchar('category', { length: 32 }),
    note: varchar('note', { length: ATTACHMENT_LIMITS.noteMax }),
    complete: boolean('complete').notNull().default(false),
    uploadedBy: integer('uploaded_by').references(() => users.userId),
    ...timestamps(),
  },
  (t) => [
    check('attachments_content_type_check', oneOf(t.contentType, ATTACHMENT_TYPES)),
    check('attachments_category_check', oneOf(t.category, ATTACHMENT_CATEGORIES)),
    check('attachments_size_check', sql`${t.size} >= 0 and ${t.chunkCount} >= 0`),
    // A client's files, newest first (the Attachments tab), and their count (at most 200 per client).
    index('attachments_client_idx').on(t.clientId, t.createdAt.desc(), t.attachmentId.desc()),
    // Rows whose digest is not keyed yet, found by the conversion at start.
    index('attachments_unkeyed_idx')
      .on(t.attachmentId)
      .where(sql`not ${t.sha256Keyed}`),
    // Uploads that never completed (their process died), removed after an hour.
    index('attachments_pending_idx')
      .on(t.createdAt)
      .where(sql`not ${t.complete}`),
  ],
);

/**
 * A file's bytes in chunks of ATTACHMENT_CHUNK_BYTES, each encrypted on its own with the client
 * data key (AES-256-GCM: nonce, tag and ciphertext; the attachment id and chunk index bound in as
 * associated data, so chunks cannot be moved between files or reordered). Uploads and downloads
 * hold one chunk at a time, and every server process reads the same table.
 */
export const attachmentChunks = pgTable(
  'attachment_chunks',
  {
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.attachmentId, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    data: bytea('data').notNull(),
  },
  // A file's chunks in order (the download reads them by this key).
  (t) => [primaryKey({ name: 'attachment_chunks_pk', columns: [t.attachmentId, t.chunkIndex] })],
);
