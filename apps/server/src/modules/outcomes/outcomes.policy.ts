import { can, type Capability } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

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
