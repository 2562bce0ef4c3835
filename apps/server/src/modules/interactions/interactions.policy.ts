import { can, type Capability } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
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
