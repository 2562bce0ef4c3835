import { can, type DataCapability } from '@cairn/shared/roles';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { actorOf, type Actor } from '../../plugins/auth.ts';

/**
 * The one access layer (docs/ARCHITECTURE.md, "Who reaches what"): which data rights a role has
 * (the shared matrix), which centres' records a caller reaches (their scope), and the route option
 * that checks a right before the request's input is read. Record lookups live in
 * access.repository.ts and access.service.ts; nothing else decides scoping.
 */

/** The centres whose records a caller reaches: every centre, or one (none without a centre). */
export interface Scope {
  readonly allCentres: boolean;
  readonly centreId: number | null;
}

export function scopeOf(actor: Actor): Scope {
  return { allCentres: can(actor.roleId, 'cases.allCentres'), centreId: actor.centreId };
}

/** Whether a record of centre `centreId` lies within `scope`. */
export function reaches(scope: Scope, centreId: number): boolean {
  return scope.allCentres || (scope.centreId !== null && scope.centreId === centreId);
}

/** 404 unless the record exists (`centreId` known) and lies within the caller's scope. */
export function requireWithin(scope: Scope, centreId: number | undefined): void {
  // Another centre's record answers exactly like a missing one, so ids reveal nothing.
  if (centreId === undefined || !reaches(scope, centreId)) throw notFound();
}

/** 403 unless a record may be kept in `centreId` (naming a centre at intake, or moving a client). */
export function requireCentreChoice(scope: Scope, centreId: number): void {
  if (!reaches(scope, centreId)) throw forbidden('client_centre_forbidden');
}

/** 403 unless the actor has the data right. */
export function requireCapability(actor: Actor, capability: DataCapability): void {
  if (!can(actor.roleId, capability)) throw forbidden();
}

/**
 * Route options declaring the data right a route needs, checked before the input is validated: a
 * refused caller learns nothing from validation. `check` adds a rule of the route's own that
 * needs the raw request (the users module's own-account rules).
 */
export function requires(
  capability: DataCapability | null,
  check?: (actor: Actor, request: FastifyRequest) => void,
) {
  return {
    preValidation: async (request: FastifyRequest) => {
      const actor = actorOf(request);
      if (capability) requireCapability(actor, capability);
      check?.(actor, request);
    },
  };
}
