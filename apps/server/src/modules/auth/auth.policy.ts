import type { Actor } from '../../plugins/auth.ts';
import { forbidden } from '../../lib/http-error.ts';

/**
 * Spec §6: only the own account changes its password, whatever the role. An Admin helps
 * someone else through a reset link instead, which proves control of the mailbox.
 */
export function assertCanChangePassword(actor: Actor, userId: number): void {
  if (actor.userId !== userId) throw forbidden('own_password_only');
}
