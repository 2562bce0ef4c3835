import { can } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * Reading the catalogue (barriers, supports, trainings, reporting types): whoever builds plans
 * (Admins and Coordinators, who work with clients) or manages the mappings. Reporters see reports
 * only (spec §6).
 */
export function authorizeCatalogueRead(actor: Actor): void {
  if (!can(actor.roleId, 'nav.clients') && !can(actor.roleId, 'mappings.manage')) throw forbidden();
}
