import { can, type Capability } from '@cairn/shared/roles';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

export type InteractionsAction = 'listTypes' | 'readSums' | 'record';

/**
 * Spec §6: Admins and Coordinators work with clients and record interactions (the Client
 * Interaction button); Reporters see reports only.
 */
const RULES: Record<InteractionsAction, Capability> = {
  listTypes: 'nav.clientInteraction',
  readSums: 'nav.clients',
  record: 'nav.clientInteraction',
};

/** Throws 403 unless `actor` may do `action`. */
export function authorizeInteractions(actor: Actor, action: InteractionsAction): void {
  if (!can(actor.roleId, RULES[action])) throw forbidden();
}

/**
 * Throws 404 unless the client (of centre `clientCentreId`, undefined when there is no such
 * client) is within the caller's reach: any centre for an Admin, their own for anyone else.
 * Another centre's client answers exactly like a missing one, so ids reveal nothing.
 */
export function authorizeClientAccess(actor: Actor, clientCentreId: number | undefined): void {
  if (clientCentreId === undefined) throw notFound();
  if (can(actor.roleId, 'clients.seeAllCentres')) return;
  if (actor.centreId === null || actor.centreId !== clientCentreId) throw notFound();
}
