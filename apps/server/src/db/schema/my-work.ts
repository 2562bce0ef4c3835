import { date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { plans } from './plans.ts';
import { users } from './users.ts';

/**
 * My work's weekly email (issue 32): a row per user and ISO week (its Monday) once the week's
 * email is claimed. The key makes the claim: of several processes, or several runs in one week,
 * only the first insert sends; a send that fails gives its week back (the row removed).
 */
export const myWorkDigests = pgTable(
  'my_work_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** The Monday of the ISO week the email is for. */
    week: date('week', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.week] }),
    // Old weeks are removed by week.
    index('my_work_digests_week_idx').on(t.week),
  ],
);

/**
 * My work's "gone quiet" (migration 0038): each plan's last activity, kept by triggers on plans,
 * notes, spendings and client interactions, never written by the code. The latest of the plan's
 * own change, its notes' and spendings' changes and its client's interactions recorded, and the
 * time a note, spending or interaction under it was deleted; it never goes back.
 */
export const planActivity = pgTable('plan_activity', {
  planId: integer('plan_id')
    .primaryKey()
    .references(() => plans.planId, { onDelete: 'cascade' }),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
});
