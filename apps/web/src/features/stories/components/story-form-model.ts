import { todayIso } from '@cairn/shared/dates';
import { storyBodySchema, type Story } from '@cairn/shared/stories.schemas';
import type { StoryPayload } from '../api/story-mutations.ts';

export interface StoryFormValues {
  date: string;
  writeup: string;
}

/** A new story is dated today unless the writer says otherwise. */
export function emptyStoryForm(today: string = todayIso()): StoryFormValues {
  return { date: today, writeup: '' };
}

export function storyFormValuesOf(story: Story): StoryFormValues {
  return { date: story.date, writeup: story.writeup };
}

/** The form's checks: the API body's, without the ids the page supplies. */
export const storyFormSchema = storyBodySchema.omit({ story_id: true, client_id: true });

export function storyBodyOf(clientId: number, values: StoryFormValues): StoryPayload {
  return storyBodySchema.parse({ ...values, client_id: clientId });
}
