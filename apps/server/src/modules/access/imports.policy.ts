import type { FieldMessage } from '@cairn/shared/errors';
import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { reaches, requireCentreChoice, type Scope } from './access.policy.ts';

/**
 * Who imports clients into which centre (issue 31): the routes require `cases.write` (Admins and
 * Coordinators); an import is its uploader's alone; an Admin chooses the centre per file or per
 * row, a Coordinator imports into their own centre only.
 */

/** 404 unless the caller uploaded the import (another's answers as a missing one). */
export function requireOwnImport(actor: Actor, createdBy: number | undefined): void {
  if (createdBy === undefined || createdBy !== actor.userId) throw notFound();
}

/**
 * The file's centre: the one asked if the caller reaches it (403 `client_centre_forbidden`
 * otherwise), else the caller's own, else none (an Admin's rows then each name theirs).
 */
export function importCentre(actor: Actor, scope: Scope, asked: number | null | undefined): number | null {
  if (asked != null) {
    requireCentreChoice(scope, asked);
    return asked;
  }
  return actor.centreId;
}

/**
 * A row's centre: the one its centre column names (`named`: the centre found, `undefined` when
 * the column is blank or absent, null when it names no centre), else the file's. A problem when
 * none, none such, or one the caller does not reach.
 */
export function rowCentre(
  scope: Scope,
  fileCentre: number | null,
  named: number | null | undefined,
): { centreId: number } | { problem: FieldMessage } {
  if (named === null) return { problem: { code: 'centre_not_found' } };
  const centreId = named ?? fileCentre;
  if (centreId === null) return { problem: { code: 'required' } };
  if (!reaches(scope, centreId)) return { problem: { code: 'client_centre_forbidden' } };
  return { centreId };
}
