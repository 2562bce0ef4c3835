import { integer } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps.ts';
import { users } from './users.ts';

/** Who created a record (users are never removed, so the author stays named) and when it changed. */
export function authored() {
  return {
    createdBy: integer('created_by').references(() => users.userId),
    ...timestamps(),
  };
}
