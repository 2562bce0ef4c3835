import { z } from 'zod';
import { message } from './messages.ts';
import { idSchema, optionalText, requiredChoice, requiredText } from './validators.ts';
import { nameSchemas } from './api-names.ts';

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
  /** The type's name in French (issue 34); null until translated. */
  name_fr: z.string().nullable(),
  category: z.enum(REPORTING_CATEGORIES),
});
export type ReportingType = z.infer<typeof reportingTypeSchema>;
export const reportingTypeListSchema = z.array(reportingTypeSchema);

/** The mapping every item carries: the reporting type's id and name, or null for none. */
const mapping = {
  reporting_type: z.number().int().nullable(),
  reporting_type_name: z.string().nullable(),
  reporting_type_name_fr: z.string().nullable(),
};

/** An item's name and description in French (issue 34): null until translated, when screens show the English. */
const french = {
  name_fr: z.string().nullable(),
  description_fr: z.string().nullable(),
};

/** Barrier (spec §3); other_name belongs to a plan's barrier, not the catalogue item. */
export const barrierSchema = z.object({
  barrier_id: z.number().int(),
  name: z.string(),
  ...french,
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
  ...french,
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
  ...french,
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

/** A French text of a save: undefined keeps the stored one, empty or null clears it. */
function frenchText(max: number) {
  return z
    .string()
    .trim()
    .max(max, message('maxLength', { max }))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));
}

/** The fields every mapping item's save takes (spec §5 mapping items, §7). */
const itemBody = {
  name: requiredText(CATALOGUE_LIMITS.nameMax),
  description: optionalText(CATALOGUE_LIMITS.descriptionMax),
  /** In French: left out, the stored French stays; empty or null clears it (issue 34). */
  name_fr: frenchText(CATALOGUE_LIMITS.nameMax),
  description_fr: frenchText(CATALOGUE_LIMITS.descriptionMax),
  /** Disable is a save with true, restore with false (spec §4). */
  disabled: z.boolean({ error: message('invalid') }).default(false),
};
/** The reporting type an item maps to: one of GET /reporting/types for its kind, or none. */
const mappingBody = idSchema()
  .nullish()
  .transform((v) => v ?? null);

/**
 * Supports and trainings need their mapping (spec §5). An item saved as disabled without one is
 * left to the server, which refuses it with §8's own words ('The support is missing a mapping.').
 */
function mappingRequired(
  body: { disabled: boolean; reporting_type: number | null },
  ctx: z.RefinementCtx<{ disabled: boolean; reporting_type: number | null }>,
) {
  if (!body.disabled && body.reporting_type === null) {
    ctx.addIssue({ code: 'custom', path: ['reporting_type'], message: message('required') });
  }
}

/** POST /barriers and PUT /barriers/{id}: a barrier's mapping is optional until it is disabled. */
export const barrierBodySchema = z.object({
  ...itemBody,
  category: requiredChoice(BARRIER_CATEGORIES),
  reporting_type: mappingBody,
});
export type BarrierBody = z.input<typeof barrierBodySchema>;

/** POST /supports and PUT /supports/{id}. */
export const supportBodySchema = z
  .object({
    ...itemBody,
    category: requiredChoice(SUPPORT_CATEGORIES),
    reporting_type: mappingBody,
  })
  .superRefine(mappingRequired);
export type SupportBody = z.input<typeof supportBodySchema>;

/** POST /trainings and PUT /trainings/{id}; `noc` is taken but always saved false (spec §3). */
export const trainingBodySchema = z
  .object({
    ...itemBody,
    certificate: z.boolean({ error: message('invalid') }).default(false),
    noc: z.boolean().optional(),
    reporting_type: mappingBody,
  })
  .superRefine(mappingRequired);
export type TrainingBody = z.input<typeof trainingBodySchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  ReportingType: reportingTypeSchema,
  Barrier: barrierSchema,
  Support: supportSchema,
  Training: trainingSchema,
  BarrierBody: barrierBodySchema,
  SupportBody: supportBodySchema,
  TrainingBody: trainingBodySchema,
});
