import { z } from 'zod';
import { message } from './messages.ts';
import {
  idSchema,
  isoDate,
  isoDateTime,
  optionalText,
  requiredPastDate,
  requiredText,
} from './validators.ts';
import { nameSchemas } from './api-names.ts';

/** Spec §5 and §9: spending limits, and the largest amount one line may hold (the column's size). */
export const SPENDING_LIMITS = {
  itemMax: 64,
  descriptionMax: 1024,
  itemTruncate: 32,
  descriptionTruncate: 64,
  valueMaxCents: 999_999_999,
} as const;

/** Spec §5 'must be a monetary value': digits with an optional 2 decimals. */
const MONEY_RE = /^\d+(\.\d{1,2})?$/;

/**
 * A money amount as the form sends it (text) or the API (a number): empty becomes 0 (spec §5);
 * answered as a number of dollars with at most 2 decimals.
 */
export const moneyValue = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((v) => (v == null || v === '' ? '0' : typeof v === 'number' ? String(v) : v))
  .refine((v) => MONEY_RE.test(v), message('money'))
  .transform((v) => Number(v))
  .refine((v) => Math.round(v * 100) <= SPENDING_LIMITS.valueMaxCents, message('moneyMax'));

/** POST /spendings and PUT /spendings/{id} (spec §3 Spending, §5). */
export const spendingBodySchema = z.object({
  /** -1 (or absent) for a new line (spec §4); ignored by the server, which reads the path. */
  spending_id: z.coerce.number().int().optional(),
  plan_id: idSchema(message('required')),
  date: requiredPastDate,
  item: requiredText(SPENDING_LIMITS.itemMax),
  value: moneyValue,
  /** Spec §5: defaults to false. */
  work_gear: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  description: optionalText(SPENDING_LIMITS.descriptionMax),
});
export type SpendingBody = z.input<typeof spendingBodySchema>;

export const spendingSchema = z.object({
  spending_id: z.number().int(),
  plan_id: z.number().int(),
  date: isoDate,
  item: z.string(),
  value: z.number(),
  work_gear: z.boolean(),
  description: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Spending = z.infer<typeof spendingSchema>;
export const spendingListSchema = z.array(spendingSchema);

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  SpendingBody: spendingBodySchema,
  Spending: spendingSchema,
});
