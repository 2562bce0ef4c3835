import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { users } from './users.ts';

/**
 * Candidate duplicate pairs (issue 31), kept by statement triggers on clients (migration 0032):
 * every pair that shares a block (the same SIN hash, email, phone digits, date of birth or its
 * day and month swapped with an initial in common, or the same name with two of the date's three
 * parts), lower id first. The Possible duplicates list scores these only, never every pair.
 * A client removed (deleted, merged) takes its pairs with it.
 */
export const clientDuplicatePairs = pgTable(
  'client_duplicate_pairs',
  {
    clientA: integer('client_a')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    clientB: integer('client_b')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.clientA, t.clientB] }),
    index('client_duplicate_pairs_b_idx').on(t.clientB),
    check('client_duplicate_pairs_order_ck', sql`${t.clientA} < ${t.clientB}`),
  ],
);

/** Pairs a user said are two people (POST /clients/duplicates/dismiss), lower id first. */
export const clientDuplicateDismissals = pgTable(
  'client_duplicate_dismissals',
  {
    clientA: integer('client_a')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    clientB: integer('client_b')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedBy: integer('dismissed_by').references(() => users.userId),
  },
  (t) => [
    primaryKey({ columns: [t.clientA, t.clientB] }),
    index('client_duplicate_dismissals_b_idx').on(t.clientB),
    check('client_duplicate_dismissals_order_ck', sql`${t.clientA} < ${t.clientB}`),
  ],
);
