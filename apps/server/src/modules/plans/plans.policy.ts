import { can, type Capability } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

export type PlansAction = 'read' | 'write';

/**
 * Spec §6: plans belong to the client screens, so the roles that work with clients (Admins and
 * Coordinators) read and write them; a reporting-only role sees reports only. Which plans a caller
 * reaches is the centre rule of plan-access.ts.
 */
const RULES: Record<PlansAction, Capability> = {
  read: 'nav.clients',
  write: 'nav.clients',
};

/** Throws 403 unless `actor` may do `action`. Checked before the request's input is even read. */
export function authorizePlans(actor: Actor, action: PlansAction): void {
  if (!can(actor.roleId, RULES[action])) throw forbidden();
}
