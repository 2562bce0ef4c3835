import { can, type Capability } from '@cairn/shared/roles';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/http-error.ts';
import { actorOf, type Actor } from '../../plugins/auth.ts';

export type OutcomesAction = 'read' | 'write';

/**
 * Spec §6: an outcome is part of a client's plan, so whoever works with clients (Admins and
 * Coordinators) reads and records it; a reporting-only role sees reports only.
 */
const RULES: Record<OutcomesAction, Capability> = {
  read: 'nav.clients',
  write: 'nav.clients',
};

/** Throws 403 unless `actor` may do `action`. */
export function authorizeOutcomes(actor: Actor, action: OutcomesAction): void {
  if (!can(actor.roleId, RULES[action])) throw forbidden();
}

/** A route's policy, checked before its input is parsed: a refused caller learns nothing from validation. */
export const outcomePolicy = (action: OutcomesAction) => ({
  preValidation: async (request: FastifyRequest) => authorizeOutcomes(actorOf(request), action),
});
