import { can, type Capability } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

export type CentresAction = 'list' | 'read' | 'create' | 'update' | 'delete';

/**
 * Who may do what with centres. Every signed-in user reads them (report filters, user profiles
 * name them); only an Admin manages them (spec §6, issue).
 */
const RULES: Record<CentresAction, Capability | 'signedIn'> = {
  list: 'signedIn',
  read: 'signedIn',
  create: 'centres.manage',
  update: 'centres.manage',
  delete: 'centres.manage',
};

/** Throws 403 unless `actor` may do `action`. */
export function authorizeCentres(actor: Actor, action: CentresAction): void {
  const rule = RULES[action];
  if (rule === 'signedIn' || can(actor.roleId, rule)) return;
  throw forbidden();
}
