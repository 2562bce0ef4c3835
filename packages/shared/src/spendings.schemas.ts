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
import type { Locale } from './locales.ts';
import { toCents } from './money.ts';
import { parseMoneyText } from './money-text.ts';

/** Spec §5 and §9: spending limits, and the largest amount one line may hold (the column's size). */
export const SPENDING_LIMITS = {
  itemMax: 64,
  descriptionMax: 1024,
  itemTruncate: 32,
  descriptionTruncate: 64,
  valueMaxCents: 999_999_999,
} as const;

/**
 * A money amount as the form sends it (text) or the API (a number): empty becomes 0 (spec §5);
 * answered as a number of dollars with at most 2 decimals. Text follows parseMoneyText's rule
 * (money-text.ts: '125.50', '125,50', '1 234,56', '1,234.56'); `locale` settles the one shape that
 * reads differently by language ('1,234'): the form passes the user's, the API none (refused).
 */
export function moneyValueIn(locale?: Locale) {
  return z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((v, ctx) => {
      if (v == null || v === '') return 0;
      const amount = parseMoneyText(typeof v === 'number' ? String(v) : v, locale);
      if (amount !== null) return amount;
      ctx.addIssue({ code: 'custom', message: message('money') });
      return z.NEVER;
    })
    .refine((v) => toCents(v) <= SPENDING_LIMITS.valueMaxCents, message('moneyMax'));
}

/** The API's money amount: the language-free rule (see moneyValueIn). */
export const moneyValue = moneyValueIn();

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
