import { ALL_CENTRES } from '@cairn/shared/reporting.schemas';
import { can } from '@cairn/shared/roles';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { Scope } from './access.policy.ts';

/**
 * The centre a dashboard answers for: a Coordinator's own whatever they sent (spec §6); for
 * Admins and Reporters (`reports.chooseCentre`) the centre they chose, which must exist
 * (`centreExists`, 404 centre_not_found otherwise), or ALL_CENTRES.
 */
export async function dashboardCentre(
  actor: Actor,
  asked: number,
  centreExists: (centreId: number) => Promise<boolean>,
): Promise<number> {
  if (!can(actor.roleId, 'reports.chooseCentre')) {
    // A user without a centre reaches no centre's figures.
    if (actor.centreId === null) throw forbidden();
    return actor.centreId;
  }
  if (asked === ALL_CENTRES) return ALL_CENTRES;
  if (!(await centreExists(asked))) throw notFound('centre_not_found');
  return asked;
}

/** A dashboard link's centres as a scope: one centre, or every one (ALL_CENTRES). */
export function grantScope(centreId: number): Scope {
  return centreId === ALL_CENTRES ? { allCentres: true, centreId: null } : { allCentres: false, centreId };
}
