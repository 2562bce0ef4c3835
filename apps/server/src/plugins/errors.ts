import { ERROR_MESSAGES, type ErrorCode } from '@cairn/shared/errors';
import { ID_OUT_OF_RANGE } from '@cairn/shared/validators';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';
import { loggableError } from '../db/loggable-error.ts';

function send(statusCode: number, code: ErrorCode, fields?: Record<string, string>) {
  return { error: { code, message: ERROR_MESSAGES[code], ...(fields ? { fields } : {}) } };
}

/** One error shape for every failure: `{ error: { code, message, fields? } }`; never a stack or SQL. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send(send(err.statusCode, err.code, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // An id beyond the database's range names no record: answered as a missing one.
      if (err.validation.some((issue) => issue.message === ID_OUT_OF_RANGE)) {
        return reply.status(404).send(send(404, 'not_found'));
      }
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[name] ??= issue.message ?? 'is not valid';
      }
      return reply.status(400).send(send(400, 'validation_failed', fields));
    }
    if (err.validation) {
      return reply.status(400).send(send(400, 'validation_failed', { body: err.message }));
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(send(413, 'payload_too_large'));
    if (status === 429) return reply.status(429).send(send(429, 'too_many_requests'));
    if (status === 415 || (status >= 400 && status < 500 && err.code?.startsWith('FST_ERR_CTP'))) {
      return reply.status(400).send(send(400, 'validation_failed', { body: 'must be valid JSON' }));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(send(status, status === 404 ? 'not_found' : 'validation_failed'));
    }
    request.log.error({ err: loggableError(err) }, 'request failed');
    return reply.status(500).send(send(500, 'internal'));
  });
}
