import { z } from 'zod';
import { message } from './messages.ts';
import { idSchema, isoDate, isoDateTime, requiredPastDate, requiredText } from './validators.ts';
import { nameSchemas } from './api-names.ts';

/** Spec §5 and §9: a success story's write-up. */
export const STORY_LIMITS = { writeupMax: 2048 } as const;

/** POST /stories and PUT /stories/{id} (spec §3 Story, §5). */
export const storyBodySchema = z.object({
  /** -1 (or absent) for a new story (spec §4); ignored by the server, which reads the path. */
  story_id: z.coerce.number().int().optional(),
  client_id: idSchema(message('required')),
  date: requiredPastDate,
  writeup: requiredText(STORY_LIMITS.writeupMax),
});
export type StoryBody = z.input<typeof storyBodySchema>;

export const storySchema = z.object({
  story_id: z.number().int(),
  client_id: z.number().int(),
  date: isoDate,
  writeup: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Story = z.infer<typeof storySchema>;
export const storyListSchema = z.array(storySchema);

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  StoryBody: storyBodySchema,
  Story: storySchema,
});
