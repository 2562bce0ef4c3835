import { can, type DataCapability } from '@cairn/shared/roles';
import type { ErrorCode } from '@cairn/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * How a route treats the caller's own account (the one its path or body names): `also`, every
 * role may act on it whatever the right; `never`, nobody may, whatever the right (403 with
 * `refusal`); `only`, nobody may act on another's, whatever the role (403 with `refusal`).
 */
export interface AccountRule {
  own: 'also' | 'never' | 'only';
  /** The account the request names, read from the raw request (before validation). */
  target: (request: FastifyRequest) => number | undefined;
  /** The code of the refusal of `never` and `only` (`forbidden` when left out). */
  refusal?: ErrorCode;
}

/** What a route declares: its right (null: every signed-in caller) and its own-account rule. */
export interface RightDeclaration {
  right: DataCapability | null;
  own?: AccountRule['own'];
}

const DECLARATION = Symbol('right declaration');
type DeclaredHook = ((request: FastifyRequest) => Promise<void>) & { [DECLARATION]?: RightDeclaration };

/** 403 unless `actor` has `capability` or the account rule lets them through. */
function checkRight(
  actor: Actor,
  request: FastifyRequest,
  capability: DataCapability | null,
  rule: AccountRule | undefined,
): void {
  if (rule) {
    const target = rule.target(request);
    const own = target !== undefined && target === actor.userId;
    if (rule.own === 'only') {
      if (!own) throw forbidden(rule.refusal);
      return;
    }
    if (own && rule.own === 'never') throw forbidden(rule.refusal);
    if (own && rule.own === 'also') return;
  }
  if (capability) requireCapability(actor, capability);
}

/**
 * Route options declaring the data right a route needs, checked before the input is validated: a
 * refused caller learns nothing from validation. `rule` says how the caller's own account is
 * treated (users.policy.ts, password.policy.ts). The declaration is the route's `x-requires` in
 * the API description (describeRights).
 */
export function requires(capability: DataCapability | null, rule?: AccountRule) {
  const preValidation: DeclaredHook = async (request: FastifyRequest) => {
    checkRight(actorOf(request), request, capability, rule);
  };
  preValidation[DECLARATION] = { right: capability, ...(rule ? { own: rule.own } : {}) };
  return { preValidation };
}

/** The declaration of a route's `preValidation` hook(s), if one of them came from requires(). */
function declarationOf(hooks: unknown): RightDeclaration | undefined {
  for (const hook of Array.isArray(hooks) ? hooks : [hooks]) {
    const declared = (hook as DeclaredHook | undefined)?.[DECLARATION];
    if (declared) return declared;
  }
  return undefined;
}

/**
 * Shows every route's declared right in the API description as `x-requires` (as plugins/audit.ts
 * shows `x-audit`): @fastify/swagger copies a schema's `x-` keys into the operation. Registered
 * before the routes; test/integration/access-coverage.test.ts walks the description with it.
 */
export function describeRights(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const declared = declarationOf(route.preValidation);
    if (declared) route.schema = Object.assign({}, route.schema, { 'x-requires': declared });
  });
}
