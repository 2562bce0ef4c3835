import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { users } from './users.ts';

export const interactionTypes = pgTable('interaction_types', {
  interactionId: integer('interaction_id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  /** The type's name in French (issue 34). */
  nameFr: varchar('name_fr', { length: 64 }),
  sortOrder: smallint('sort_order').notNull(),
});

export const clientInteractions = pgTable(
  'client_interactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    interactionId: integer('interaction_id')
      .notNull()
      .references(() => interactionTypes.interactionId),
    date: date('date', { mode: 'string' }).notNull(),
    count: smallint('count').notNull(),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('client_interactions_count_ck', sql`${t.count} between 1 and 99`),
    // Per-client sums by type (profile tab).
    index('client_interactions_client_idx').on(t.clientId, t.interactionId),
    // My work's "gone quiet": a client's latest interaction recorded, one index probe when a plan
    // is inserted or changed (its last activity, kept by the triggers of migration 0038).
    index('client_interactions_client_created_idx').on(t.clientId, t.createdAt),
    // Reports count interactions over a date range: with the client, type and count beside the
    // date, the interactions dashboard reads the index alone (an index-only scan), never the
    // table's pages (measured at 100,000 clients: docs/performance.md, Reports).
    index('client_interactions_date_cover_idx').on(t.date, t.clientId, t.interactionId, t.count),
  ],
);
