import { z } from 'zod';
import { interactionRecordSchema } from './interactions.schemas.ts';
import { message } from './messages.ts';
import { planSupportInputSchema, planTrainingInputSchema } from './plans.schemas.ts';
import { idSchema, isoDate, isoDateTime, optionalText, requiredText } from './validators.ts';
import { nameSchemas } from './api-names.ts';

/**
 * Spec §5 and §9: a group's name and description, how the list and the side menu cut them, and
 * how many members and entries one request may carry.
 */
export const GROUP_LIMITS = {
  nameMax: 64,
  descriptionMax: 128,
  /** The list shows a description over 60 characters as its first 57 and '...'. */
  descriptionListMax: 60,
  descriptionListKeep: 57,
  /** The side menu shows a name over 15 characters as its first 12 and an ellipsis. */
  sideMenuNameMax: 15,
  sideMenuNameKeep: 12,
  /** Members named in one request (a group of a whole intake cohort fits easily). */
  membersMax: 1000,
  /** Entries of one bulk action. */
  bulkItemsMax: 200,
} as const;

/** A member as a group save names it: only its id (spec §5). */
const memberRef = z.object({ client_id: idSchema(message('required')) });
const memberRefs = z.array(memberRef).max(GROUP_LIMITS.membersMax);

/** POST /groups: the group and its first members; its centre is its creator's. */
export const groupCreateBodySchema = z.object({
  name: requiredText(GROUP_LIMITS.nameMax),
  description: optionalText(GROUP_LIMITS.descriptionMax),
  clients: memberRefs.default([]),
});
export type GroupCreateBody = z.input<typeof groupCreateBodySchema>;

/**
 * PUT /groups/{id}: name and description; `clients`, when sent, is the whole new member list
 * (Manage Members), and when left out the members stay as they are (Group Details).
 */
export const groupUpdateBodySchema = groupCreateBodySchema.extend({ clients: memberRefs.optional() });
export type GroupUpdateBody = z.input<typeof groupUpdateBodySchema>;

/** POST /groups/{id}/clients: members to add; those already in the group stay once. */
export const groupAddClientsBodySchema = z
  .array(memberRef)
  .min(1, message('required'))
  .max(GROUP_LIMITS.membersMax);
export type GroupAddClientsBody = z.input<typeof groupAddClientsBodySchema>;

/** GET /groups query: paged and searched by name on the server, newest first. */
export const groupListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  s: z.string().trim().max(128).optional(),
});
export type GroupListQuery = z.input<typeof groupListQuerySchema>;

/** A group of the list (spec §3 Group, without its members). */
export const groupListItemSchema = z.object({
  group_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  centre_id: z.number().int(),
  clients_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type GroupListItem = z.infer<typeof groupListItemSchema>;
export const groupListResponseSchema = z.object({
  items: z.array(groupListItemSchema),
  total: z.number().int(),
});
export type GroupList = z.infer<typeof groupListResponseSchema>;

/** A member as the group profile shows it: name (link to the client) and date of birth. */
export const groupMemberSchema = z.object({
  client_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  date_of_birth: isoDate.nullable(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** The group profile (spec §3 Group): the list's fields and the members, by name. */
export const groupSchema = groupListItemSchema.extend({ clients: z.array(groupMemberSchema) });
export type Group = z.infer<typeof groupSchema>;

/** A client named by an answer about a group: who lacks an open plan. */
export const groupClientNameSchema = z.object({
  client_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type GroupClientName = z.infer<typeof groupClientNameSchema>;

/** GET /groups/{id}/check-plans (spec §7). */
export const groupPlanCheckSchema = z.object({ clientsMissingOpenPlan: z.array(groupClientNameSchema) });
export type GroupPlanCheck = z.infer<typeof groupPlanCheckSchema>;

const bulk = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, message('required')).max(GROUP_LIMITS.bulkItemsMax);

/** POST /groups/{id}/bulk-create/interaction: the single client's records, for every member. */
export const groupBulkInteractionBodySchema = bulk(interactionRecordSchema);
/** POST /groups/{id}/bulk-create/support: supports to add to every member's open plan. */
export const groupBulkSupportBodySchema = bulk(planSupportInputSchema);
/** POST /groups/{id}/bulk-create/training: trainings to add to every member's open plan. */
export const groupBulkTrainingBodySchema = bulk(planTrainingInputSchema.omit({ plan_training_id: true }));
export type GroupBulkInteractionBody = z.input<typeof groupBulkInteractionBodySchema>;
export type GroupBulkSupportBody = z.input<typeof groupBulkSupportBodySchema>;
export type GroupBulkTrainingBody = z.input<typeof groupBulkTrainingBodySchema>;

/**
 * The query of the supports and trainings bulk actions: `skip_members_without_open_plan=true`
 * applies them to the members who have an open plan and names the others, where without it a
 * member without one refuses the whole action (409).
 */
export const groupBulkPlanQuerySchema = z.object({
  skip_members_without_open_plan: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type GroupBulkPlanQuery = z.input<typeof groupBulkPlanQuerySchema>;

/**
 * What a bulk action did: how many members it reached, the rows it added in all, and the members
 * it skipped for want of an open plan (always none for interactions, which need no plan).
 */
export const groupBulkResultSchema = z.object({
  members: z.number().int(),
  added: z.number().int(),
  skipped: z.array(groupClientNameSchema),
});
export type GroupBulkResult = z.infer<typeof groupBulkResultSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  GroupCreateBody: groupCreateBodySchema,
  GroupUpdateBody: groupUpdateBodySchema,
  GroupListItem: groupListItemSchema,
  GroupListResponse: groupListResponseSchema,
  GroupMember: groupMemberSchema,
  Group: groupSchema,
  GroupClientName: groupClientNameSchema,
  GroupPlanCheck: groupPlanCheckSchema,
  GroupBulkInteractionBody: groupBulkInteractionBodySchema,
  GroupBulkSupportBody: groupBulkSupportBodySchema,
  GroupBulkTrainingBody: groupBulkTrainingBodySchema,
  GroupBulkResult: groupBulkResultSchema,
});
