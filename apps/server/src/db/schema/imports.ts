import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { centres } from './centres.ts';
import { users } from './users.ts';

/**
 * A spreadsheet import (issue 31): the file's headers, each column's field, the centre and date
 * order, until it is committed (then `committed_at` and its answer, the rows gone) or removed,
 * uncommitted, after IMPORT_LIMITS.expiryHours.
 */
export const imports = pgTable(
  'imports',
  {
    importId: integer('import_id').primaryKey().generatedByDefaultAsIdentity(),
    kind: varchar('kind', { length: 16 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.userId),
    centreId: integer('centre_id').references(() => centres.centreId, { onDelete: 'cascade' }),
    dateOrder: varchar('date_order', { length: 3 }).notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** Each column's field (null: left out), by the column's place. */
    fields: jsonb('fields').$type<Array<string | null>>().notNull(),
    rowCount: integer('row_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    /**
     * When the last preview began matching the rows (null: not matched yet): each row's
     * `match_client_id` holds its match as of then, and a commit re-checks only what changed since.
     */
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    check('imports_date_order_ck', sql`${t.dateOrder} in ('dmy', 'mdy')`),
    // The expired imports are removed by this (imports.repository.ts deleteExpired).
    index('imports_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A file's rows as read, each its cells' texts as JSON encrypted with the client data key (they
 * hold SINs and everything else personal), by the row's number in the file.
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.importId, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    cells: text('cells').notNull(),
    /** The client the last preview matched the row with (imports.matched_at), if any. */
    matchClientId: integer('match_client_id'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNo] })],
);
