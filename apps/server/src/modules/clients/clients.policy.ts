import { can, type Capability } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

export type ClientsAction =
  'list' | 'options' | 'read' | 'create' | 'update' | 'delete' | 'revealSin' | 'checkDuplicates';

/**
 * Who may do what with clients (spec §6): the roles that have the Clients screens work with
 * clients; a reporting-only role never reads personal data. The New Client button being hidden
 * for Admins is a screen choice, not a right: an Admin may still create clients.
 */
const RULES: Record<ClientsAction, Capability> = {
  list: 'nav.clients',
  options: 'nav.clients',
  read: 'nav.clients',
  create: 'nav.clients',
  update: 'nav.clients',
  delete: 'nav.clients',
  revealSin: 'nav.clients',
  checkDuplicates: 'nav.clients',
};

/** The clients a caller may see: every centre's, or one centre's (none when they have no centre). */
export interface ClientScope {
  readonly allCentres: boolean;
  readonly centreId: number | null;
}

/** Throws 403 unless `actor` may do `action`. Checked before the request's input is even read. */
export function authorizeClients(actor: Actor, action: ClientsAction): void {
  if (!can(actor.roleId, RULES[action])) throw forbidden();
}

/** The clients `actor` may see and change: every centre's, or only their own centre's. */
export function clientScope(actor: Actor): ClientScope {
  return { allCentres: can(actor.roleId, 'clients.seeAllCentres'), centreId: actor.centreId };
}

/**
 * Throws 403 unless the client may be kept in `centreId`: any centre for callers who see all
 * centres, otherwise only their own. Covers both naming a centre on create and moving a client.
 */
export function authorizeClientCentre(scope: ClientScope, centreId: number): void {
  if (scope.allCentres || scope.centreId === centreId) return;
  throw forbidden('client_centre_forbidden');
}
