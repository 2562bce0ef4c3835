import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { users } from './users.ts';

/**
 * The clients merged into another (issue 31): the other client's row is gone, this one stays as
 * its redirect (`GET /clients/{other}` answers 404 `client_merged` with `merged_into`), and the
 * kept client's audit history also reads the entries of every client merged into it. A merge of a
 * kept client into a third moves its own redirects to the third, so `kept_id` is always a live
 * client; deleting that client removes the redirects with it.
 */
export const clientMerges = pgTable(
  'client_merges',
  {
    otherId: integer('other_id').primaryKey(),
    keptId: integer('kept_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
    mergedBy: integer('merged_by').references(() => users.userId),
  },
  (t) => [index('client_merges_kept_idx').on(t.keptId)],
);
