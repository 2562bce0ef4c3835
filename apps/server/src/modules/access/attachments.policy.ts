import { can } from '@cairn/shared/roles';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * Issue 15: a file is deleted by its uploader, or by a role that deletes any (an Admin,
 * `attachments.deleteAny`); 403 attachment_delete_forbidden for anyone else.
 */
export function requireMayDeleteAttachment(actor: Actor, uploadedBy: number | null): void {
  if (uploadedBy !== actor.userId && !can(actor.roleId, 'attachments.deleteAny')) {
    throw forbidden('attachment_delete_forbidden');
  }
}
