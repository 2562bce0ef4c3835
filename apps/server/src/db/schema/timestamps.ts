import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was created and last changed: the two columns most tables carry. */
export function timestamps() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
