import { z } from 'zod';
import { message } from './messages.ts';
import { idSchema, requiredPastDate } from './validators.ts';
import { nameSchemas } from './api-names.ts';

export const INTERACTION_LIMITS = { countMin: 0, countMax: 99 } as const;
const { countMin, countMax } = INTERACTION_LIMITS;
const countRange = message('range', { min: countMin, max: countMax });

/** Interaction type (spec §3). */
export const interactionTypeSchema = z.object({
  interaction_id: z.number().int(),
  name: z.string(),
  /** The type's name in French (issue 34). */
  name_fr: z.string().nullable(),
});
export type InteractionType = z.infer<typeof interactionTypeSchema>;
export const interactionTypeListSchema = z.array(interactionTypeSchema);

/** One interaction record to save: type, date (YYYY-MM-DD), count 0 to 99. */
export const interactionRecordSchema = z.object({
  interaction_id: idSchema(message('required')),
  date: requiredPastDate,
  count: z.coerce
    .number({ error: message('wholeNumber') })
    .int(message('wholeNumber'))
    .min(countMin, countRange)
    .max(countMax, countRange),
});
export type InteractionRecord = z.input<typeof interactionRecordSchema>;

/** PUT /clients/{id}/interactions: records to append; only counts above 0 are stored. */
export const interactionRecordListSchema = z.array(interactionRecordSchema).max(100);

/** Per-client sums by type (spec §3). */
export const interactionSumSchema = z.object({
  interaction_id: z.number().int(),
  name: z.string(),
  name_fr: z.string().nullable(),
  total: z.number().int(),
});
export const interactionSumListSchema = z.array(interactionSumSchema);

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  InteractionType: interactionTypeSchema,
  InteractionRecord: interactionRecordSchema,
  InteractionSum: interactionSumSchema,
});
