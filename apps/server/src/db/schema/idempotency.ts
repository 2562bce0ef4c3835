import { index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The Idempotency-Key of every create (and bulk action) a user sent in the last 24 hours, with
 * the first answer to replay. The key row is written in the create's own transaction, before the
 * record: a second request with the same key waits on it, then replays the stored answer, so one
 * key never writes two records, across processes too.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** Method and route pattern, e.g. `POST /api/clients`: the same key on another route is refused. */
    route: varchar('route', { length: 255 }).notNull(),
    /** A keyed hash of the request (path parameters and body): the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** The first answer's status and body (encrypted: it may hold personal data), written in the same transaction. */
    status: smallint('status'),
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One key per user: a user never sees another's answer, and a repeat finds the first by this.
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    // Removing the keys older than 24 hours.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
