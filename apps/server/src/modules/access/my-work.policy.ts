import { HOME_PAGES, type HomePage } from '@cairn/shared/my-work.schemas';
import type { Locale } from '@cairn/shared/locales';
import { can, ROLE_IDS } from '@cairn/shared/roles';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { scopeOf, type Scope } from './access.policy.ts';

/**
 * My work (issue 32): whose work a caller sees, and who may choose it. The route requires
 * `work.own` (Coordinators: only they are clients' workers, caseloads.policy.ts); an Admin or a
 * Reporter is refused with 403 before anything is read. The lists are the caller's own clients
 * (`worker_id` = the caller) within their scope, and the unassigned clients of their centre.
 */

export interface WorkOf {
  workerId: number;
  scope: Scope;
}

/** The caller's caseload and the centre whose unassigned clients they see. */
export function workOf(actor: Actor): WorkOf {
  return { workerId: actor.userId, scope: scopeOf(actor) };
}

/** The caseload of a recipient of the weekly email (a Coordinator): theirs, and their centre's unassigned. */
export function workOfUser(userId: number, centreId: number | null): WorkOf {
  return { workerId: userId, scope: { allCentres: false, centreId } };
}

/** The roles the weekly email goes to: those with a caseload (`work.own`). */
export const DIGEST_ROLES: readonly number[] = ROLE_IDS.filter((r) => can(r, 'work.own'));

export interface PreferenceChange {
  home?: HomePage | null | undefined;
  digest?: boolean | undefined;
  locale?: Locale | undefined;
}

/**
 * A user's home page, weekly email and language are theirs to choose: another account's are 403
 * `preferences_own_account_only` (an Admin manages the account, not how its user works). My work
 * as home, or its email, need a caseload (the target's role has `work.own`): 400
 * `my_work_unavailable` on the field otherwise. Clients as home, no home, or the email off, anyone.
 */
export function authorizePreferences(
  actor: Actor,
  targetId: number,
  targetRoleId: number,
  change: PreferenceChange,
): void {
  if (change.home === undefined && change.digest === undefined && change.locale === undefined) return;
  if (targetId !== actor.userId) throw new HttpError(403, 'preferences_own_account_only');
  if (can(targetRoleId, 'work.own')) return;
  const fields: Record<string, { code: 'my_work_unavailable' }> = {};
  if (change.home === HOME_PAGES[1]) fields.home = { code: 'my_work_unavailable' };
  if (change.digest === true) fields.digest = { code: 'my_work_unavailable' };
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'my_work_unavailable', fields);
}
