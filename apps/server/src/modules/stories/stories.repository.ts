import type { Story } from '@cairn/shared/stories.schemas';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
import { stories } from '../../db/schema/stories.ts';

/** The foreign key tying a story to its client: violated when the client is deleted meanwhile. */
export const STORIES_CLIENT_FK = 'stories_client_id_clients_client_id_fk';

export interface StoryValues {
  date: string;
  writeup: string;
}

const columns = {
  story_id: stories.storyId,
  client_id: stories.clientId,
  date: stories.date,
  writeup: stories.writeup,
  created_at: isoText(stories.createdAt),
  updated_at: isoText(stories.updatedAt),
};

/** A client's stories, newest first, read in the order of stories_client_idx. */
export async function listStories(db: Executor, clientId: number): Promise<Story[]> {
  const rows = await db
    .select(columns)
    .from(stories)
    .where(eq(stories.clientId, clientId))
    .orderBy(desc(stories.date), desc(stories.storyId));
  return rows;
}

export async function insertStory(
  db: Executor,
  values: StoryValues & { clientId: number; createdBy: number },
): Promise<Story> {
  const [row] = await db.insert(stories).values(values).returning(columns);
  return row!;
}

/** Saves a story in place (its client never changes); undefined when it is gone. */
export async function updateStory(
  db: Executor,
  storyId: number,
  values: StoryValues,
): Promise<Story | undefined> {
  const [row] = await db
    .update(stories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(stories.storyId, storyId))
    .returning(columns);
  return row;
}

export async function deleteStory(db: Executor, storyId: number): Promise<boolean> {
  const rows = await db
    .delete(stories)
    .where(eq(stories.storyId, storyId))
    .returning({ storyId: stories.storyId });
  return rows.length > 0;
}
