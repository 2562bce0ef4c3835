import { checkTexts } from '@cairn/shared/text-rules';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { badRequest } from './http-error.ts';

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
