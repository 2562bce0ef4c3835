import { messageOf } from '@cairn/shared/messages';
import { ID_OUT_OF_RANGE } from '@cairn/shared/validators';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBody, HttpError, type FieldMessages } from '../lib/http-error.ts';
import { loggableCause, loggableError } from '../db/loggable-error.ts';

/**
 * One error shape for every failure: `{ error: { code, message, params?, fields?, field_codes? } }`;
 * never a stack or SQL. A zod message is one of ours by code (`message(…)`), else `invalid`.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.cause !== undefined)
        request.log.info({ code: err.code, cause: loggableCause(err.cause) }, 'refused');
      return reply.status(err.statusCode).send(err.body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // An id beyond the database's range names no record: answered as a missing one.
      if (err.validation.some((issue) => issue.message === ID_OUT_OF_RANGE)) {
        return reply.status(404).send(errorBody('not_found'));
      }
      const fields: FieldMessages = {};
      for (const issue of err.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[name] ??= messageOf(issue.message);
      }
      return reply.status(400).send(errorBody('validation_failed', { fields }));
    }
    if (err.validation) {
      return reply
        .status(400)
        .send(errorBody('validation_failed', { fields: { body: { code: 'invalid' } } }));
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(errorBody('payload_too_large'));
    if (status === 429) return reply.status(429).send(errorBody('too_many_requests'));
    if (status === 415 || (status >= 400 && status < 500 && err.code?.startsWith('FST_ERR_CTP'))) {
      return reply.status(400).send(errorBody('validation_failed', { fields: { body: { code: 'json' } } }));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status === 404 ? 'not_found' : 'validation_failed'));
    }
    request.log.error({ err: loggableError(err) }, 'request failed');
    return reply.status(500).send(errorBody('internal'));
  });
}
