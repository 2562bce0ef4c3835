import { date, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { authored } from './authored.ts';

/** A client's success story (spec §3 Story). */
export const stories = pgTable(
  'stories',
  {
    storyId: integer('story_id').primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    writeup: varchar('writeup', { length: 2048 }).notNull(),
    ...authored(),
  },
  // A client's stories, newest first (the stories page, the side menu's count, reports).
  (t) => [
    index('stories_client_idx').on(t.clientId, t.date.desc(), t.storyId.desc()),
    // Reports: the stories dated in a range (stories dashboard, ministry summary).
    index('stories_date_idx').on(t.date),
  ],
);
