import { checkTexts, MAX_NESTING, nestsDeeperThan } from '@cairn/shared/text-rules';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { badRequest, HttpError } from './http-error.ts';

/**
 * Every route's validator: first the one text rule of packages/shared (no NUL or other control
 * characters, NFC) over everything the request part holds, whatever its schema says, then the
 * route's zod schema. It runs where validation runs, after a route's policy has let the caller in.
 */
export const validatorWithTextRule: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = validatorCompiler(route);
  // Headers are not data: the schema checks the few a route reads (an Idempotency-Key), no more.
  if (route.httpPart === 'headers') return validate;
  return (data) => {
    const at = checkTexts(data);
    if (at !== undefined)
      return { error: badRequest({ [at || route.httpPart || 'body']: { code: 'controlCharacters' } }) };
    return validate(data);
  };
};

/**
 * Every JSON body as Fastify parses it (the same parser, so `__proto__` is refused as before), then
 * its nesting checked without recursion: deeper than MAX_NESTING is 400 `too_deep` before anything
 * else (the audit trail, a policy, the text rule, a schema) walks it. Public routes and signed-in
 * ones alike.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parse(request, body as string, (err, value) => {
      if (err) return done(err, undefined);
      if (nestsDeeperThan(value, MAX_NESTING)) return done(new HttpError(400, 'too_deep'), undefined);
      done(null, value);
    });
  });
}
