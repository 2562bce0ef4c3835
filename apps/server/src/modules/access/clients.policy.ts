import { badRequest } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireCentreChoice, type Scope } from './access.policy.ts';

/**
 * The centre a new client is kept in: the caller's own unless they name one they may use (403
 * client_centre_forbidden otherwise); a caller without a centre (an Admin) has to name one (400).
 */
export function intakeCentre(actor: Actor, scope: Scope, asked: number | null | undefined): number {
  const centreId = asked ?? actor.centreId;
  if (centreId == null) throw badRequest({ centre_id: { code: 'required' } });
  requireCentreChoice(scope, centreId);
  return centreId;
}

/** The centre a saved client is kept in: as stored when left out; moving it needs that centre's right. */
export function savedCentre(scope: Scope, stored: number, asked: number | null | undefined): number {
  const centreId = asked ?? stored;
  if (centreId !== stored) requireCentreChoice(scope, centreId);
  return centreId;
}
