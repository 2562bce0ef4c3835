import { z } from 'zod';

/**
 * Every error the API answers with, by code. The server sends the code and the English
 * message; the web app can translate by code.
 */
export const ERROR_MESSAGES = {
  validation_failed: 'Some fields are not valid.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  not_found: 'The record was not found.',
  route_not_found: 'There is nothing at this address.',
  internal: 'Something went wrong. Please try again.',
  payload_too_large: 'The request is too large.',
  bad_url: 'The address is not valid.',
  bad_request: 'The request could not be read.',
  uri_too_long: 'The address is too long.',
  headers_too_large: 'The request headers are too large.',
  request_timeout: 'The request took too long to arrive.',
  too_many_requests: 'Too many requests. Please wait a minute and try again.',
  invalid_credentials: 'Incorrect email and password combination.',
  too_many_login_failures:
    'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
  invalid_refresh_token: 'Your session has expired. Please login again to continue.',
  invalid_reset_link:
    'This link is either invalid or has expired. Please ensure the URL is correct or attempt resetting your password again.',
  email_taken: 'A user with this email already exists.',
  cannot_delete_self: 'You cannot delete your own account.',
  cannot_change_own_role: 'You cannot change your own role.',
  cannot_change_own_centre: 'You cannot change your own centre.',
  own_password_only: 'You can only change your own password.',
  centre_in_use: 'This centre still has users and cannot be deleted.',
  centre_not_found: 'The selected centre does not exist.',
  client_centre_forbidden: 'You can only keep clients in your own centre.',
  open_plan_exists: 'There can only be one open plan at a time.',
  plan_reopen_conflict:
    'This plan cannot be reopened because the client already has another open plan. Close that plan first.',
  outcome_exists: 'This plan already has an outcome.',
  idempotency_key_reused:
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
