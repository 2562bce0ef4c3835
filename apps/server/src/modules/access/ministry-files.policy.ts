import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * Who reaches a ministry file built in the background (issue 33): the routes require
 * `reports.ministry` (Admins); a file is its requester's alone, as an import is its uploader's.
 */

/** The file, when the caller asked for it; 404 otherwise (another's answers as a missing one). */
export function requireOwnMinistryFile<T extends { requestedBy: number }>(
  actor: Actor,
  file: T | undefined,
): T {
  if (file === undefined || file.requestedBy !== actor.userId) throw notFound();
  return file;
}
