import { can, type Capability } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

export type SpendingsAction = 'list' | 'create' | 'update' | 'delete';

/**
 * Spec §6: a plan's spending is part of the client's case, so whoever works with clients keeps
 * it; a reporting-only role sees reports, never a client's spending lines.
 */
const RULES: Record<SpendingsAction, Capability> = {
  list: 'nav.clients',
  create: 'nav.clients',
  update: 'nav.clients',
  delete: 'nav.clients',
};

/** Throws 403 unless `actor` may do `action`. */
export function authorizeSpendings(actor: Actor, action: SpendingsAction): void {
  if (!can(actor.roleId, RULES[action])) throw forbidden();
}
