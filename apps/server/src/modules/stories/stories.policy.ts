import { can, type Capability } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

export type StoriesAction = 'list' | 'create' | 'update' | 'delete';

/**
 * Spec §6: success stories are written about a client, so whoever works with clients keeps them;
 * a reporting-only role sees them only as report figures.
 */
const RULES: Record<StoriesAction, Capability> = {
  list: 'nav.clients',
  create: 'nav.clients',
  update: 'nav.clients',
  delete: 'nav.clients',
};

/** Throws 403 unless `actor` may do `action`. */
export function authorizeStories(actor: Actor, action: StoriesAction): void {
  if (!can(actor.roleId, RULES[action])) throw forbidden();
}
