import type { ErrorCode } from '@cairn/shared/errors';
import { can, type DataCapability } from '@cairn/shared/roles';
import { HttpError } from '../../lib/http-error.ts';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../plugins/auth.ts';

export type UsersAction = 'list' | 'read' | 'create' | 'update' | 'delete';

interface Rule {
  /** Callers with this capability may act on any account. */
  anyAccount: DataCapability;
  /** Any signed-in caller may act on their own account. */
  ownAccount?: true;
  /** Refused on the caller's own account, whatever their role, with this code. */
  notOwnAccount?: ErrorCode;
}

/** Spec §6 and the issue: only an Admin manages users; everyone reads and edits themselves. */
const RULES: Record<UsersAction, Rule> = {
  list: { anyAccount: 'users.manage' },
  read: { anyAccount: 'users.manage', ownAccount: true },
  create: { anyAccount: 'users.manage' },
  update: { anyAccount: 'users.manage', ownAccount: true },
  delete: { anyAccount: 'users.manage', notOwnAccount: 'cannot_delete_self' },
};

/** Fields nobody changes on their own account (spec §6), each with the code that refuses it. */
const LOCKED_ON_OWN_ACCOUNT = [
  { field: 'roleId', code: 'cannot_change_own_role' },
  { field: 'centreId', code: 'cannot_change_own_centre' },
] as const satisfies ReadonlyArray<{ field: string; code: ErrorCode }>;

/** Throws 403 unless `actor` may do `action` (on the account `targetId`, when there is one). */
export function authorizeUsers(actor: Actor, action: UsersAction, targetId?: number): void {
  const rule = RULES[action];
  const own = targetId !== undefined && targetId === actor.userId;
  if (own && rule.notOwnAccount) throw new HttpError(403, rule.notOwnAccount);
  if (can(actor.roleId, rule.anyAccount)) return;
  if (own && rule.ownAccount) return;
  throw new HttpError(403, 'forbidden');
}

export interface LockedFields {
  roleId: number;
  centreId: number | null;
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

/**
 * The account a path names, read before validation (the rules run first): its id when the path
 * holds a plain whole number, else undefined (nobody's own account; validation answers it later).
 */
export function pathUserId(request: FastifyRequest): number | undefined {
  const raw = (request.params as { id?: unknown }).id;
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
}
