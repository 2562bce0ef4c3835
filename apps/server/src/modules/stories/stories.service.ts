import type { Story, storyBodySchema } from '@cairn/shared/stories.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { notFound, orNotFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import * as repo from './stories.repository.ts';

type StoryInput = z.output<typeof storyBodySchema>;

export async function listStories(db: Db, actor: Actor, clientId: number): Promise<Story[]> {
  await requireRecord(db, actor, 'client', clientId);
  return repo.listStories(db, clientId);
}

/** Adds a story about the client the body names, who must be within the caller's reach. */
export async function createStory(db: Db, actor: Actor, input: StoryInput): Promise<Story> {
  return answerConstraints(
    () =>
      writeWithin(db, actor, 'client', input.client_id, (tx) =>
        repo.insertStory(tx, {
          date: input.date,
          writeup: input.writeup,
          clientId: input.client_id,
          createdBy: actor.userId,
        }),
      ),
    // The client was deleted between the check and the insert.
    { [repo.STORIES_CLIENT_FK]: notFound },
  );
}

/**
 * Saves the story the path names. A story stays with its client: the body's client_id is not a
 * way to move it (nor to reach a client the caller could not), so it is ignored.
 */
export async function updateStory(db: Db, actor: Actor, storyId: number, input: StoryInput): Promise<Story> {
  return writeWithin(db, actor, 'story', storyId, (tx) =>
    orNotFound(repo.updateStory(tx, storyId, { date: input.date, writeup: input.writeup })),
  );
}

export async function deleteStory(db: Db, actor: Actor, storyId: number): Promise<void> {
  await writeWithin(db, actor, 'story', storyId, (tx) => orNotFound(repo.deleteStory(tx, storyId)));
}
