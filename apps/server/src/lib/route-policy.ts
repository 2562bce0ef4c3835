import type { FastifyRequest } from 'fastify';
import { actorOf, type Actor } from '../plugins/auth.ts';

/**
 * Turns a module's policy (`authorizeX(actor, ...args)`, which throws 403) into route options
 * that check it before the input is parsed: a refused caller learns nothing from validation.
 * Use: `const policy = preValidationPolicy(authorizeX);` then `{ ...policy('read'), schema }`.
 */
export function preValidationPolicy<Args extends unknown[]>(
  authorize: (actor: Actor, ...args: Args) => void,
) {
  return (...args: Args) => ({
    preValidation: async (request: FastifyRequest) => authorize(actorOf(request), ...args),
  });
}
