import { errorResponseSchema } from '@cairn/shared/errors';
import { z } from 'zod';

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
  /** A path parameter longer than any the router takes (answered before the route runs). */
  414: errorResponseSchema,
};

/** The same, for the routes that also refuse a change breaking a rule (409, e.g. one open plan per client). */
export const errorResponsesWithConflict = { ...errorResponses, 409: errorResponseSchema };

/** A 204 answer: documented without a body (OpenAPI: a response with no content). */
export const noContent = z.null().meta({ type: 'null', description: 'No content' });

/** The `security` of a route that needs no sign-in. */
export const NO_AUTH: Array<Record<string, string[]>> = [];
