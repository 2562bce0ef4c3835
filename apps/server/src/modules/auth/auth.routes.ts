import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  checkResetBodySchema,
  checkResetResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  okResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  requestResetBodySchema,
  requestResetResponseSchema,
  resetPasswordBodySchema,
} from '@cairn/shared/auth.schemas';
import { errorResponseSchema } from '@cairn/shared/errors';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { NO_AUTH } from '../../lib/route-schemas.ts';
import { ownPasswordOnly } from '../access/password.policy.ts';
import { audited } from '../audit/audit.policy.ts';
import { createAuthService } from './auth.service.ts';

/** Per client address, in each process; over the limit the answer is 429 too_many_requests. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const TAGS = ['auth'];

export function authRoutes(app: ZodApp, ctx: AppContext) {
  const auth = createAuthService(ctx, app.log);
  app.addHook('onClose', () => auth.settle());

  app.post(
    '/auth/login',
    {
      config: {
        public: true,
        ...perMinute(ctx.config.loginRateLimitPerMinute),
        ...audited('sign_in', 'user').config,
      },
      schema: {
        tags: TAGS,
        security: NO_AUTH,
        operationId: 'signIn',
        summary: 'Sign in',
        description:
          'Checks email (any case) and password. Wrong email and wrong password get the same 401. ' +
          'An account with 10 failed sign-ins in the last 15 minutes is refused with 429 ' +
          'too_many_login_failures, even with the right password, until its oldest failure is ' +
          '15 minutes old; a successful sign-in clears its failures. At most 20 attempts per minute ' +
          'per client address (429 too_many_requests). A deactivated account with the right ' +
          'password is refused with 403 account_deactivated.',
        body: loginBodySchema,
        response: {
          200: loginResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (request) => auth.login(request.body.email, request.body.password, request),
  );

  app.post(
    '/auth/token',
    {
      // Public: the access token has expired. Each renewal is an entry, and a replaced refresh
      // token presented again is recorded as such (a copy of it was taken).
      config: { public: true, ...audited('session_renewal', 'user').config },
      schema: {
        tags: TAGS,
        security: NO_AUTH,
        operationId: 'refreshAccessToken',
        summary: 'New access and refresh tokens from a refresh token',
        description:
          'Rotates the refresh token: the answer carries a new refreshToken beside the accessToken, ' +
          'and the one sent stops working. Presenting a refresh token that was already replaced ' +
          'ends its whole session (its refresh tokens and access tokens), as a stolen copy would. ' +
          'Answers 404 invalid_refresh_token for an unknown, replaced, revoked or expired refresh token.',
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => auth.refresh(request.body.refreshToken, request),
  );

  app.post(
    '/auth/logout',
    {
      // Public: signing out must work when the access token has already expired.
      config: { public: true, ...audited('sign_out', 'user').config },
      schema: {
        tags: TAGS,
        security: NO_AUTH,
        operationId: 'signOut',
        summary: 'Sign out',
        description:
          'Ends the refresh token’s session: its refresh tokens are revoked and its access tokens ' +
          'refused at once, in every process of the server. Answers ok whether or not the token ' +
          'was still valid.',
        body: logoutBodySchema,
        response: { 200: okResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await auth.logout(request.body.refreshToken, request);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/request-reset',
    {
      config: { public: true, ...perMinute(5), ...audited('password_reset_request', 'user').config },
      schema: {
        tags: TAGS,
        security: NO_AUTH,
        operationId: 'requestPasswordReset',
        summary: 'Email a password reset link',
        description:
          'Always answers { sent: true }, whether or not the email has an account; the link, valid ' +
          'for 30 minutes, goes by email. In demo mode only (NODE_ENV is not production) the answer ' +
          'also has the link’s token and id.',
        body: requestResetBodySchema,
        response: { 200: requestResetResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) => auth.requestReset(request.body.email, request),
  );

  app.post(
    '/auth/check-reset',
    {
      config: { public: true, ...perMinute(30) },
      schema: {
        tags: TAGS,
        security: NO_AUTH,
        operationId: 'checkResetLink',
        summary: 'Check a reset or invitation link',
        description: 'Answers 404 invalid_reset_link for an unknown, used or expired link.',
        body: checkResetBodySchema,
        response: {
          200: checkResetResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (request) => auth.checkReset(request.body.token, request.body.id),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { public: true, ...perMinute(10), ...audited('password_reset', 'user').config },
      schema: {
        tags: TAGS,
        security: NO_AUTH,
        operationId: 'resetPassword',
        summary: 'Set a password from a reset or invitation link',
        description:
          'Sets the password, uses up the link and ends every session of the account. Answers 404 ' +
          'invalid_reset_link for an unknown, used or expired link.',
        body: resetPasswordBodySchema,
        response: {
          200: okResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { token, id, password } = request.body;
      await auth.resetPassword(token, id, password, request);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/change-password',
    {
      ...ownPasswordOnly,
      config: { ...perMinute(10), ...audited('password_change', 'user').config },
      schema: {
        tags: TAGS,
        operationId: 'changePassword',
        summary: 'Change the own password',
        description:
          'Only for the signed-in user’s own id (403 own_password_only otherwise, for every role). ' +
          'Ends every session of the account, in every browser: all refresh tokens are revoked and ' +
          'access tokens issued before are refused. The answer carries a new accessToken and ' +
          'refreshToken so that the browser that made the change stays signed in.',
        body: changePasswordBodySchema,
        response: {
          200: changePasswordResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          /** Another account's id, or none, whatever the id (checked before validation). */
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (request) => auth.changePassword(request.body.id, request.body.password, request),
  );
}
