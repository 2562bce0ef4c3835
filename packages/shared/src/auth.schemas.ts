import { z } from 'zod';
import { idSchema } from './validators.ts';
import { LIMITS } from './limits.ts';
import { message } from './messages.ts';
import { newPasswordSchema } from './password.ts';
import { userSchema } from './users.schemas.ts';
import { nameSchemas } from './api-names.ts';

const loginEmail = z
  .string({ error: message('login.emailRequired') })
  .trim()
  .min(1, message('login.emailRequired'))
  .min(LIMITS.login.emailMin, message('login.emailMin'))
  .max(LIMITS.login.emailMax, message('login.emailMax'))
  .regex(z.regexes.email, message('login.emailValid'));

export const loginBodySchema = z.object({
  email: loginEmail,
  password: z
    .string({ error: message('login.passwordRequired') })
    .min(1, message('login.passwordRequired'))
    .min(LIMITS.login.passwordMin, message('login.passwordMin'))
    .max(LIMITS.login.passwordMax, message('login.passwordMax')),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(256) });
/**
 * POST /auth/token rotates the refresh token: the answer carries its successor, and the one sent
 * stops working (presenting it again ends the session).
 */
export const refreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutBodySchema = z.object({ refreshToken: z.string().min(1).max(256) });

export const requestResetBodySchema = z.object({
  email: z
    .string({ error: message('login.emailRequired') })
    .trim()
    .min(1, message('login.emailRequired'))
    .max(LIMITS.login.emailMax, message('login.emailMax'))
    .regex(z.regexes.email, message('login.emailValid')),
});
/** `token` and `id` are present only in demo mode (spec §2: the demo-only reset link). */
export const requestResetResponseSchema = z.object({
  sent: z.literal(true),
  token: z.string().optional(),
  id: z.number().int().optional(),
});
export type RequestResetResponse = z.infer<typeof requestResetResponseSchema>;

const resetToken = z.string().min(1).max(128);
const resetId = idSchema();

export const checkResetBodySchema = z.object({ token: resetToken, id: resetId });
export const checkResetResponseSchema = z.object({
  valid: z.literal(true),
  purpose: z.enum(['reset', 'invite']),
});

export const resetPasswordBodySchema = z.object({
  password: newPasswordSchema,
  token: resetToken,
  id: resetId,
});

export const changePasswordBodySchema = z.object({
  id: idSchema(),
  password: newPasswordSchema,
});

export const okResponseSchema = z.object({ ok: z.literal(true) });

/**
 * POST /auth/change-password ends every session of the account, this one included, so the
 * answer carries a fresh pair of tokens for the browser that made the change.
 */
export const changePasswordResponseSchema = z.object({
  ok: z.literal(true),
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  LoginBody: loginBodySchema,
  LoginResponse: loginResponseSchema,
  RefreshBody: refreshBodySchema,
  RefreshResponse: refreshResponseSchema,
  LogoutBody: logoutBodySchema,
  RequestResetBody: requestResetBodySchema,
  RequestResetResponse: requestResetResponseSchema,
  CheckResetBody: checkResetBodySchema,
  CheckResetResponse: checkResetResponseSchema,
  ResetPasswordBody: resetPasswordBodySchema,
  ChangePasswordBody: changePasswordBodySchema,
  OkResponse: okResponseSchema,
  ChangePasswordResponse: changePasswordResponseSchema,
});
