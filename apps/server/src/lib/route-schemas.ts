import { errorResponseSchema } from '@cairn/shared/errors';

/**
 * The error answers of a signed-in route (ARCHITECTURE.md, API conventions): bad input, no
 * sign-in, a role that may not, and a record that is missing or of another centre. Every one has
 * the `{ error: { code, message, fields? } }` shape, so the API description says so once.
 */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The same, for the routes that also refuse a change breaking a rule (409, e.g. one open plan per client). */
export const errorResponsesWithConflict = { ...errorResponses, 409: errorResponseSchema };
