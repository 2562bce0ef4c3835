import { forbidden } from '../../lib/http-error.ts';
import { reaches, type Scope } from './access.policy.ts';

/**
 * The centres whose Possible duplicates a caller lists (issue 31): a pair shows when both clients
 * lie within them. Every centre the caller reaches, or the one centre asked for: an Admin's any,
 * a Coordinator's own only (another centre is 403 `client_centre_forbidden`).
 */
export function duplicatesScope(scope: Scope, centreId: number | undefined): Scope {
  if (centreId === undefined) return scope;
  if (!reaches(scope, centreId)) throw forbidden('client_centre_forbidden');
  return { allCentres: false, centreId };
}
