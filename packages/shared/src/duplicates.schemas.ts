import { z } from 'zod';
import { nameSchemas } from './api-names.ts';
import { DUPLICATE_REASONS } from './duplicate-rules.ts';
import { idSchema, isoDate } from './validators.ts';

/** GET /clients/duplicates: the likely pairs within the caller's scope, best first, paged. */
export const duplicateListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  /** One centre's pairs (both clients of it): an Admin's choice; a Coordinator's own only. */
  centre_id: idSchema().optional(),
});

/** One client of a pair, as the list shows it. */
export const duplicateClientSchema = z.object({
  client_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  date_of_birth: isoDate.nullable(),
  centre_id: z.number().int(),
  centre_name: z.string(),
});
export type DuplicateClient = z.infer<typeof duplicateClientSchema>;

/** A score (0–1) and why: the matcher's answer for one pair (duplicate-rules.ts). */
export const duplicateScoreSchema = z.object({
  score: z.number().min(0).max(1),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});

export const duplicatePairSchema = duplicateScoreSchema.extend({
  /** The lower id of the two. */
  client: duplicateClientSchema,
  other: duplicateClientSchema,
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

export const duplicateListResponseSchema = z.object({
  items: z.array(duplicatePairSchema),
  total: z.number().int(),
});
export type DuplicateList = z.infer<typeof duplicateListResponseSchema>;

/** POST /clients/duplicates/dismiss: the two are different people; the list stops showing them. */
export const duplicateDismissBodySchema = z.object({
  client_id: idSchema(),
  other_id: idSchema(),
});

nameSchemas({
  DuplicateClient: duplicateClientSchema,
  DuplicatePair: duplicatePairSchema,
  DuplicateListResponse: duplicateListResponseSchema,
  DuplicateDismissBody: duplicateDismissBodySchema,
});
