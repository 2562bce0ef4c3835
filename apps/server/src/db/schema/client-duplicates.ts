import { DUPLICATE_THRESHOLD } from '@cairn/shared/duplicate-rules';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { users } from './users.ts';

/**
 * Candidate duplicate pairs (issue 31), kept by statement triggers on clients (migration 0032):
 * every pair that shares a block (the same SIN hash, email, phone digits, date of birth or its
 * day and month swapped with an initial in common, or the same name with two of the date's three
 * parts), lower id first, each with its score and reasons (migration 0035: the SQL port of the
 * shared scoreMatch, proven equal by duplicates-scores.test.ts) and the centre both clients share
 * (null when they differ). The Possible duplicates list reads the likely ones in order from the
 * partial indexes below. A client removed (deleted, merged) takes its pairs with it.
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
    /** scoreMatch's score (0–1, two decimals) and reasons, as client_duplicate_score computes them. */
    score: numeric('score', { precision: 3, scale: 2 }).notNull().default('0'),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The centre of both clients, null when they lie in two centres (only every centre's list shows them). */
    centreId: integer('centre_id'),
  },
  (t) => [
    primaryKey({ columns: [t.clientA, t.clientB] }),
    index('client_duplicate_pairs_b_idx').on(t.clientB),
    check('client_duplicate_pairs_order_ck', sql`${t.clientA} < ${t.clientB}`),
    // The list's order (best first, ties the newest records first) over the likely pairs: every
    // centre's, and one centre's. The threshold is a literal, so the list's condition matches it.
    index('client_duplicate_pairs_likely_idx')
      .on(t.score.desc(), t.clientB.desc(), t.clientA.desc())
      .where(sql`${t.score} >= ${sql.raw(String(DUPLICATE_THRESHOLD))}`),
    index('client_duplicate_pairs_centre_likely_idx')
      .on(t.centreId, t.score.desc(), t.clientB.desc(), t.clientA.desc())
      .where(sql`${t.score} >= ${sql.raw(String(DUPLICATE_THRESHOLD))}`),
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

/**
 * Clients whose pairs are not found yet (migration 0041). A statement that inserts clients with
 * `cairn.defer_duplicate_pairs` on for its transaction (an import's commit) leaves them here
 * instead of finding their pairs (client_duplicate_pairs_refresh); the app finds them after the
 * commit, a batch at a time (modules/duplicates/duplicates-pending.service.ts), so a large insert
 * does not wait on the duplicate finder. A client removed takes its row with it.
 */
export const clientDuplicatePending = pgTable('client_duplicate_pending', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.clientId, { onDelete: 'cascade' }),
});
