import { z } from 'zod';
import type { MessageCode, MessageParams, ParamsArg } from './messages.ts';
import { nameSchemas } from './api-names.ts';

/**
 * Every error the API answers with, by code, with the names of the values its wording takes. The
 * wording lives in the catalogues, `locales/<language>/api-errors.json`: the server answers the
 * code and the English message, the web app translates by code.
 */
export const API_ERRORS = {
  validation_failed: [],
  unauthorized: [],
  forbidden: [],
  not_found: [],
  route_not_found: [],
  internal: [],
  payload_too_large: [],
  bad_url: [],
  bad_request: [],
  too_deep: [],
  uri_too_long: [],
  headers_too_large: [],
  request_timeout: [],
  too_many_requests: [],
  invalid_credentials: [],
  too_many_login_failures: ['minutes'],
  invalid_refresh_token: [],
  invalid_reset_link: [],
  email_taken: [],
  cannot_delete_self: [],
  cannot_change_own_role: [],
  cannot_change_own_centre: [],
  cannot_deactivate_self: [],
  account_deactivated: [],
  own_password_only: [],
  centre_in_use: [],
  centre_not_found: [],
  client_centre_forbidden: [],
  open_plan_exists: [],
  plan_reopen_conflict: [],
  outcome_exists: [],
  idempotency_key_reused: [],
  group_members_without_open_plan: [],
  group_member_not_found: [],
  barrier_missing_mapping: [],
  support_missing_mapping: [],
  training_missing_mapping: [],
  catalogue_name_taken: [],
  catalogue_other_protected: [],
  invalid_dashboard_link: [],
  attachment_too_large: ['megabytes'],
  attachment_limit_reached: ['max'],
  attachment_type_refused: [],
  /** A plain text's file (`notes.txt`) that holds HTML, SVG or a script. */
  attachment_text_holds_markup: [],
  attachment_empty: [],
  attachment_file_missing: [],
  attachment_not_multipart: [],
  attachment_damaged: [],
  /** A SIN stored under a client data key the server does not hold, or damaged. */
  sin_unreadable: [],
  attachment_delete_forbidden: [],
  audit_unavailable: [],
  /** The client was merged into another: the answer's `merged_into` names it. */
  client_merged: [],
  client_merge_self: [],
  client_merge_open_plans: [],
  /** Imports (issue 31). */
  import_not_multipart: [],
  import_file_missing: [],
  import_file_type: [],
  import_file_unreadable: [],
  import_empty: [],
  import_too_large: ['megabytes'],
  import_too_many_rows: ['max'],
  import_committed: [],
  import_field_twice: [],
  /** A pair dismissed as two people must be two clients. */
  duplicate_dismiss_self: [],
  /** A client's worker must be an active Coordinator of the client's centre (caseloads). */
  worker_not_eligible: [],
  /** A user's home and weekly digest are their own to choose (My work). */
  preferences_own_account_only: [],
  /** My work (a home, a digest) is for those with a caseload: Coordinators. */
  my_work_unavailable: [],
  /** Ministry files built in the background (issue 33). */
  ministry_file_running: [],
  ministry_file_not_ready: [],
  ministry_file_interrupted: [],
  ministry_file_failed: [],
} as const satisfies Record<string, readonly string[]>;

export type ErrorCode = keyof typeof API_ERRORS;

/** The values of an error's wording: none, or each it names (`{ minutes: 15 }`). */
export type ErrorParamsArg<C extends ErrorCode> = ParamsArg<(typeof API_ERRORS)[C]>;

/**
 * What one field's message names: a validation message, or the error the field is the cause of
 * (`email_taken` on `email`).
 */
export interface FieldMessage {
  code: MessageCode | ErrorCode;
  params?: MessageParams;
}

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().describe('The English message of the code.'),
    params: paramsSchema.optional().describe("The values of the message's wording, when it takes any."),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('The English message per field, by path (e.g. roles.0.role_id).'),
    field_codes: z
      .record(z.string(), z.object({ code: z.string(), params: paramsSchema.optional() }))
      .optional()
      .describe('The same fields, each message by code and values, for a client that words them itself.'),
    clients: z
      .array(z.object({ client_id: z.number().int(), first_name: z.string(), last_name: z.string() }))
      .optional()
      .describe('The clients the error is about: the members of a group who lack an open plan.'),
    merged_into: z
      .number()
      .int()
      .optional()
      .describe('With `client_merged`: the client the one asked for was merged into.'),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  ErrorResponse: errorResponseSchema,
});
