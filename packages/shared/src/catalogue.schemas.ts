import { z } from 'zod';

/** Categories of spec §3, in the order the screens offer them. */
export const BARRIER_CATEGORIES = ['Financial', 'Health', 'Personal', 'Supports'] as const;
export type BarrierCategory = (typeof BARRIER_CATEGORIES)[number];
export const SUPPORT_CATEGORIES = ['Cultural', 'Employment', 'Life Skills', 'Misc'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** Spec §3: a training's category is always '-'. */
export const TRAINING_CATEGORY = '-';

/** What a reporting type maps: the three kinds of catalogue item. */
export const REPORTING_CATEGORIES = ['Barrier', 'Support', 'Training'] as const;
export type ReportingCategory = (typeof REPORTING_CATEGORIES)[number];

/** Spec §5 and §9: mapping items (training, support, barrier). */
export const CATALOGUE_LIMITS = { nameMax: 64, descriptionMax: 350, descriptionTruncate: 50 } as const;

/**
 * Spec §2, §5, §9: every list has one 'Other' item, which users pick to name something the
 * catalogue lacks. The flag, not the item's name (which administrators may change), says which.
 */
export const isOtherField = z
  .boolean()
  .describe(
    "True for the list's 'Other' item: a plan gives it a name of its own (other_name), it may be on a plan once per such name, and it sorts last.",
  );

/** GET /barriers|supports|trainings query: the active items, or with `?disabled=true` the disabled ones. */
export const catalogueListQuerySchema = z.object({
  disabled: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type CatalogueListQuery = z.input<typeof catalogueListQuerySchema>;

/** Reporting type (spec §3). */
export const reportingTypeSchema = z.object({
  reporting_type_id: z.number().int(),
  type: z.string(),
  category: z.enum(REPORTING_CATEGORIES),
});
export type ReportingType = z.infer<typeof reportingTypeSchema>;
export const reportingTypeListSchema = z.array(reportingTypeSchema);

/** The mapping every item carries: the reporting type's id and name, or null for none. */
const mapping = {
  reporting_type: z.number().int().nullable(),
  reporting_type_name: z.string().nullable(),
};

/** Barrier (spec §3); other_name belongs to a plan's barrier, not the catalogue item. */
export const barrierSchema = z.object({
  barrier_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(BARRIER_CATEGORIES),
  disabled: z.boolean(),
  is_other: isOtherField,
  ...mapping,
});
export type Barrier = z.infer<typeof barrierSchema>;
export const barrierListSchema = z.array(barrierSchema);

/** Support (spec §3). */
export const supportSchema = z.object({
  support_id: z.number().int(),
  name: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  description: z.string().nullable(),
  ...mapping,
  disabled: z.boolean(),
  is_other: isOtherField,
});
export type Support = z.infer<typeof supportSchema>;
export const supportListSchema = z.array(supportSchema);

/** Training (spec §3). */
export const trainingSchema = z.object({
  training_id: z.number().int(),
  name: z.string(),
  category: z.literal(TRAINING_CATEGORY),
  description: z.string().nullable(),
  certificate: z.boolean(),
  noc: z.boolean(),
  ...mapping,
  disabled: z.boolean(),
  is_other: isOtherField,
});
export type Training = z.infer<typeof trainingSchema>;
export const trainingListSchema = z.array(trainingSchema);
