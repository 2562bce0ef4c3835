import type { ErrorCode } from '@cairn/shared/errors';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requires, type AccountRule } from './access.policy.ts';

/**
 * Spec §6 and the issue: only an Admin manages users (`users.manage`); everyone reads and edits
 * their own account, and nobody deletes or deactivates it.
 */

/**
 * The account a path names, read before validation (the rules run first): its id when the path
 * holds a plain whole number, else undefined (nobody's own account; validation answers it later).
 */
export function pathUserId(request: FastifyRequest): number | undefined {
  return accountIdOf((request.params as { id?: unknown } | undefined)?.id);
}

/** An account id as a request carries it, before validation: a whole number, or its plain digits. */
export function accountIdOf(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
}

const OWN_ACCOUNT: Record<'read' | 'update' | 'delete', AccountRule> = {
  read: { own: 'also', target: pathUserId },
  update: { own: 'also', target: pathUserId },
  delete: { own: 'never', target: pathUserId, refusal: 'cannot_delete_self' },
};

/** Route options of a route on the account its path names: `users.manage`, and the own account's rule. */
export function onAccount(action: keyof typeof OWN_ACCOUNT) {
  return requires('users.manage', OWN_ACCOUNT[action]);
}

/** Fields nobody changes on their own account (spec §6), each with the code that refuses it. */
const LOCKED_ON_OWN_ACCOUNT = [
  { field: 'roleId', code: 'cannot_change_own_role' },
  { field: 'centreId', code: 'cannot_change_own_centre' },
  { field: 'active', code: 'cannot_deactivate_self' },
] as const satisfies ReadonlyArray<{ field: string; code: ErrorCode }>;

export interface LockedFields {
  roleId: number;
  centreId: number | null;
  active: boolean;
}

/**
 * Throws 403 when an edit of the caller's own account would change a locked field. The web form
 * sends the whole user, so the stored value sent back unchanged is fine.
 */
export function authorizeOwnAccountChanges(
  actor: Actor,
  targetId: number,
  stored: LockedFields,
  requested: LockedFields,
): void {
  if (targetId !== actor.userId) return;
  for (const { field, code } of LOCKED_ON_OWN_ACCOUNT) {
    if (stored[field] !== requested[field]) throw new HttpError(403, code);
  }
}
