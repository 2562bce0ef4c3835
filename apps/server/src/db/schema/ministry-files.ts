import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { users } from './users.ts';

/**
 * A ministry spreadsheet built in the background (issue 33): asked for by one Admin, built by the
 * process that took the request, kept in the database (ministry_file_chunks) so that any process
 * behind the balancer hands it over, and removed a day after it was asked for (the daily clean-up).
 * While it is `running`, its process writes `rows_written` and `heartbeat_at` every few seconds: a
 * file whose heartbeat stopped lost its process and reads as failed.
 */
export const ministryFiles = pgTable(
  'ministry_files',
  {
    fileId: integer('file_id').primaryKey().generatedByDefaultAsIdentity(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    rangeStart: date('range_start', { mode: 'string' }).notNull(),
    rangeEnd: date('range_end', { mode: 'string' }).notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('running'),
    /** A failed file's error code. */
    failure: varchar('failure', { length: 64 }),
    rowsWritten: integer('rows_written').notNull().default(0),
    /** Every sheet's rows together, once counted. */
    rowsTotal: integer('rows_total'),
    /** The file's bytes and chunks, once ready. */
    size: integer('size'),
    chunkCount: integer('chunk_count'),
    /** The client data key the chunks are encrypted with (clientKeyFingerprint). */
    keyFingerprint: varchar('key_fingerprint', { length: 16 }),
    /** Read from the read replica: the time its data is as of. */
    dataAsOf: timestamp('data_as_of', { withTimezone: true }),
    /** Each sheet's rows, for the audit entry of its download. */
    sheetRows: jsonb('sheet_rows').$type<Record<string, number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('ministry_files_status_ck', sql`${t.status} in ('running', 'ready', 'failed')`),
    check('ministry_files_lang_ck', sql`${t.lang} in ('en', 'fr')`),
    // A user's files, newest first (the Ministry tab's list and the one-running rule).
    index('ministry_files_requester_idx').on(t.requestedBy, t.createdAt.desc()),
    // One file under way per user at a time: a second one asked for at the same moment is refused.
    uniqueIndex('ministry_files_one_running_idx')
      .on(t.requestedBy)
      .where(sql`${t.status} = 'running'`),
    // The expired files, removed by the daily clean-up.
    index('ministry_files_expires_idx').on(t.expiresAt),
  ],
);

/** A ministry file's bytes, encrypted with the client data key, a chunk (256 KiB plain) per row, in order. */
export const ministryFileChunks = pgTable(
  'ministry_file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => ministryFiles.fileId, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'ministry_file_chunks_pk', columns: [t.fileId, t.chunkIndex] })],
);
