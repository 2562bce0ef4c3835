import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { message } from './messages.ts';

/** The requirement checklist of the Set New Password screen (spec §5). */
export const PASSWORD_RULES = [
  { key: 'length', label: 'At least 8 characters', test: (v: string) => v.length >= LIMITS.password.min },
  { key: 'uppercase', label: 'One uppercase letter', test: (v: string) => /[A-Z]/.test(v) },
  { key: 'lowercase', label: 'One lowercase letter', test: (v: string) => /[a-z]/.test(v) },
  { key: 'digit', label: 'One number', test: (v: string) => /\d/.test(v) },
] as const;

export const newPasswordSchema = z
  .string({ error: message('login.passwordRequired') })
  .min(1, message('login.passwordRequired'))
  .min(LIMITS.password.min, message('password.min'))
  .max(LIMITS.password.max, message('password.max'))
  .regex(/[A-Z]/, message('password.uppercase'))
  .regex(/[a-z]/, message('password.lowercase'))
  .regex(/\d/, message('password.digit'));

/** The Set New Password and Change Password forms: new password and its confirmation. */
export const newPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirm: z.string().min(1, message('password.confirmRequired')),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: message('password.match') });
