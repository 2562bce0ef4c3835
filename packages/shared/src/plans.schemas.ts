import { z } from 'zod';
import { BARRIER_CATEGORIES, isOtherField, SUPPORT_CATEGORIES } from './catalogue.schemas.ts';
import {
  CURRENT_EMPLOYMENT,
  PLAN_EMPLOYMENT_TYPES,
  PLAN_STATUSES,
  TRANSPORTATION_MODES,
  YES_NO,
} from './enums.ts';
import { message } from './messages.ts';
import {
  idSchema,
  isoDate,
  isoDateTime,
  optionalChoice,
  optionalChoiceOf,
  requiredChoice,
  requiredPastDate,
} from './validators.ts';
import { nameSchemas } from './api-names.ts';

/** Spec §5 and §9: the name given to an 'Other' item on a plan, and a training's NOC code. */
export const PLAN_ITEM_LIMITS = { otherNameMax: 64, nocLength: 5, itemsMax: 200 } as const;

/**
 * A NOC code: NOC 2016's 4 digits (the spec's) or NOC 2021's 5, which Canada has used since 2022
 * (issue 28). Both are taken; the message stays 'must be a valid NOC'.
 */
export const NOC_PATTERN = /^\d{4,5}$/;

/** An optional NOC code (4 or 5 digits), as a training on a plan or a follow-up records it; empty becomes null. */
export const optionalNoc = z
  .string()
  .trim()
  .refine((v) => v === '' || NOC_PATTERN.test(v), message('noc'))
  .nullish()
  .transform((v) => (v ? v : null));

/** Spec §2: a plan's Plan Info answers (step 1 of the new plan wizard, the Plan Info tab). */
export const planInfoSchema = z.object({
  date: requiredPastDate,
  current_employment: requiredChoice(CURRENT_EMPLOYMENT),
  /** Only asked when Employed; cleared on save otherwise (see plan-rules.ts). */
  employment_type: optionalChoice(PLAN_EMPLOYMENT_TYPES),
  apprentice: optionalChoice(YES_NO),
  accessing_supports: optionalChoice(YES_NO),
  relocate: optionalChoice(YES_NO),
  transportation: optionalChoice(TRANSPORTATION_MODES),
});
export type PlanInfoInput = z.input<typeof planInfoSchema>;
export type PlanInfo = z.output<typeof planInfoSchema>;

const otherName = z
  .string()
  .trim()
  .max(PLAN_ITEM_LIMITS.otherNameMax, message('maxLength', { max: PLAN_ITEM_LIMITS.otherNameMax }))
  .nullish()
  .transform((v) => (v ? v : null));

/** A barrier to put on a plan: the catalogue item and, for 'Other', the client's own name for it. */
export const planBarrierInputSchema = z.object({
  barrier_id: idSchema(message('required')),
  other_name: otherName,
});
export type PlanBarrierInput = z.input<typeof planBarrierInputSchema>;

export const planSupportInputSchema = z.object({
  support_id: idSchema(message('required')),
  other_name: otherName,
});
export type PlanSupportInput = z.input<typeof planSupportInputSchema>;

/** Spec §5 Training dialog: a date not in the future, a name for 'Other', an optional NOC (4 or 5 digits). */
export const planTrainingInputSchema = z.object({
  /** The link's id when it is already on the plan; absent or -1 for a new one (spec §4). */
  plan_training_id: z.coerce.number<number>().int().optional(),
  training_id: idSchema(message('required')),
  date: requiredPastDate,
  noc: optionalNoc,
  other_name: otherName,
});
export type PlanTrainingInput = z.input<typeof planTrainingInputSchema>;

const items = <T extends z.ZodType>(item: T) => z.array(item).max(PLAN_ITEM_LIMITS.itemsMax);

/** PUT /plans/{id}/barriers|supports|trainings: the plan's whole list, replacing the old one. */
export const planBarrierListInputSchema = items(planBarrierInputSchema);
export const planSupportListInputSchema = items(planSupportInputSchema);
export const planTrainingListInputSchema = items(planTrainingInputSchema);

/** POST /plans: the plan info, its client and its barriers, created in one transaction (spec §4). */
export const planCreateBodySchema = planInfoSchema.extend({
  client_id: idSchema(message('required')),
  barriers: planBarrierListInputSchema.default([]),
});
export type PlanCreateBody = z.input<typeof planCreateBodySchema>;

/** PUT /plans/{id}: the plan info; status follows the outcome and cannot be set. */
export const planUpdateBodySchema = planInfoSchema;
export type PlanUpdateBody = z.input<typeof planUpdateBodySchema>;

/** A barrier on a plan, as read: the catalogue item's fields plus the plan's other_name. */
export const planBarrierSchema = z.object({
  barrier_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The catalogue item's French (issue 34); null until translated. */
  name_fr: z.string().nullable(),
  description_fr: z.string().nullable(),
  category: z.enum(BARRIER_CATEGORIES),
  disabled: z.boolean(),
  is_other: isOtherField,
  other_name: z.string().nullable(),
});
export type PlanBarrier = z.infer<typeof planBarrierSchema>;

export const planSupportSchema = z.object({
  support_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The catalogue item's French (issue 34); null until translated. */
  name_fr: z.string().nullable(),
  description_fr: z.string().nullable(),
  category: z.enum(SUPPORT_CATEGORIES),
  disabled: z.boolean(),
  is_other: isOtherField,
  other_name: z.string().nullable(),
});
export type PlanSupport = z.infer<typeof planSupportSchema>;

export const planTrainingSchema = z.object({
  plan_training_id: z.number().int(),
  training_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The catalogue item's French (issue 34); null until translated. */
  name_fr: z.string().nullable(),
  description_fr: z.string().nullable(),
  certificate: z.boolean(),
  disabled: z.boolean(),
  is_other: isOtherField,
  date: isoDate,
  noc: z.string().nullable(),
  other_name: z.string().nullable(),
});
export type PlanTraining = z.infer<typeof planTrainingSchema>;

export const planBarrierListSchema = z.array(planBarrierSchema);
export const planSupportListSchema = z.array(planSupportSchema);
export const planTrainingListSchema = z.array(planTrainingSchema);

/** The Plan of spec §3 (GET /plans/{id}, and each item of GET /clients/{id}/plans). */
export const planSchema = z.object({
  plan_id: z.number().int(),
  client_id: z.number().int(),
  date: isoDate,
  status: z.enum(PLAN_STATUSES),
  current_employment: optionalChoiceOf(CURRENT_EMPLOYMENT),
  employment_type: optionalChoiceOf(PLAN_EMPLOYMENT_TYPES),
  apprentice: optionalChoiceOf(YES_NO),
  accessing_supports: optionalChoiceOf(YES_NO),
  relocate: optionalChoiceOf(YES_NO),
  transportation: optionalChoiceOf(TRANSPORTATION_MODES),
  barriers: planBarrierListSchema,
  /** Spec §3 plan missing flag. */
  _missing: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

export const planCreateResponseSchema = z.object({ id: z.number().int(), plan: planSchema });

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  PlanBarrierBody: planBarrierInputSchema,
  PlanSupportBody: planSupportInputSchema,
  PlanTrainingBody: planTrainingInputSchema,
  PlanCreateBody: planCreateBodySchema,
  PlanUpdateBody: planUpdateBodySchema,
  PlanBarrier: planBarrierSchema,
  PlanSupport: planSupportSchema,
  PlanTraining: planTrainingSchema,
  Plan: planSchema,
  PlanCreateResponse: planCreateResponseSchema,
});
