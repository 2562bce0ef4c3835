import { can, type Capability } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

export type NotesAction = 'list' | 'create' | 'update' | 'delete';

/**
 * Spec §6: case notes are part of the client's case, so whoever works with clients keeps them; a
 * reporting-only role sees reports, never a client's notes.
 */
const RULES: Record<NotesAction, Capability> = {
  list: 'nav.clients',
  create: 'nav.clients',
  update: 'nav.clients',
  delete: 'nav.clients',
};

/** Throws 403 unless `actor` may do `action`. */
export function authorizeNotes(actor: Actor, action: NotesAction): void {
  if (!can(actor.roleId, RULES[action])) throw forbidden();
}
