import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Canadian postal code without spaces, e.g. K1A0B1 (first letters D, F, I, O, Q, U, W and Z are never used). */
const POSTAL_CODE_RE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/i;

/** A required text field: trimmed, not empty, at most `max` characters. */
export function requiredText(max: number) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, MESSAGES.maxLength(max));
}

/** An optional text field: trimmed; empty becomes null (spec §5: empty strings become null). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, MESSAGES.maxLength(max))
    .nullish()
    .transform((v) => (v ? v : null));
}

export function requiredEmail(max: number) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, MESSAGES.maxLength(max))
    .regex(z.regexes.email, MESSAGES.email);
}

export const optionalPostalCode = z
  .string()
  .trim()
  .refine((v) => !/\s/.test(v), MESSAGES.noSpaces)
  .refine((v) => v === '' || /\s/.test(v) || POSTAL_CODE_RE.test(v), MESSAGES.postalCode)
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null));

/** A positive database id taken from a path such as /users/{id}. */
export const idParam = z.object({ id: z.coerce.number().int().positive() });
