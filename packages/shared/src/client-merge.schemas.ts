import { z } from 'zod';
import { nameSchemas } from './api-names.ts';
import { idSchema } from './validators.ts';

/**
 * The fields of a client whose value a merge chooses (issue 31, "Merge two clients into one"):
 * every answer of the intake, the SIN (its stored columns move as they are, never decrypted),
 * consent and the centre. A field not named keeps the kept client's value.
 */
export const CLIENT_MERGE_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'date_of_birth',
  'gender',
  'email',
  'phone',
  'address',
  'city',
  'province',
  'postal_code',
  'sin',
  'language_spoken',
  'marital_status',
  'number_dependents',
  'youth_in_care',
  'disability',
  'citizenship',
  'highest_education',
  'indigenous',
  'status_type',
  'nation',
  'reserve',
  'status_number',
  'indigenous_language',
  'consent',
  'centre_id',
] as const;
export type ClientMergeField = (typeof CLIENT_MERGE_FIELDS)[number];

/** Which client's value a field keeps: this one (the kept client, the path's) or the other. */
export const MERGE_SIDES = ['this', 'other'] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];

/** POST /clients/{id}/merge: the other client goes into this one. */
export const clientMergeBodySchema = z.object({
  other_id: idSchema(),
  keep: z.partialRecord(z.enum(CLIENT_MERGE_FIELDS), z.enum(MERGE_SIDES)).default({}),
});
export type ClientMergeBody = z.input<typeof clientMergeBodySchema>;

/** GET /clients/{id}/merge?other_id=: what a merge of the other client into this one would move. */
export const clientMergePreviewQuerySchema = z.object({ other_id: idSchema() });

/** What moves from the other client to the kept one, by kind of record. */
export const clientMergeMovesSchema = z.object({
  plans: z.number().int(),
  interactions: z.number().int(),
  stories: z.number().int(),
  attachments: z.number().int(),
  memberships: z.number().int(),
});
export type ClientMergeMoves = z.infer<typeof clientMergeMovesSchema>;

export const clientMergePreviewSchema = z.object({
  moves: clientMergeMovesSchema,
  /** Both clients have an open plan: the merge would be refused (close one first). */
  both_plans_open: z.boolean(),
});
export type ClientMergePreview = z.infer<typeof clientMergePreviewSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  ClientMergeBody: clientMergeBodySchema,
  ClientMergeMoves: clientMergeMovesSchema,
  ClientMergePreview: clientMergePreviewSchema,
});
