import {
  IMPORT_LIMITS,
  type DuplicateAction,
  type ImportCommitResult,
  type importCommitBodySchema,
} from '@cairn/shared/imports.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { conflict } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { scopeOf } from '../access/access.policy.ts';
import { intakeWorker } from '../access/caseloads.policy.ts';
import { auditNote } from '../audit/audit.policy.ts';
import { recordPerClient } from '../audit/audit-clients.service.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import { createClients, updateClients, type SavedClient } from '../clients/clients-batch.service.ts';
import { deferPairs } from '../duplicates/duplicates-pending.service.ts';
import { previewMatches } from './import-matches.service.ts';
import { walkRows, type CheckedImportRow } from './import-rows.service.ts';
import { ownImport, settingsOf } from './imports.service.ts';
import * as repo from './imports.repository.ts';

type Deps = Pick<AppContext, 'db' | 'clientCrypto'>;
type CommitBody = z.output<typeof importCommitBodySchema>;
type ValidRow = Extract<CheckedImportRow, { valid: true }>;

/**
 * What becomes of a valid row: a new client, an update of the client it matches, or nothing. A
 * row repeating an earlier row of the file is left out unless asked to create (then both are).
 */
function actionOf(row: ValidRow, body: CommitBody): DuplicateAction {
  if (row.match === undefined && row.repeats === undefined) return 'create';
  const chosen = body.rows?.[String(row.rowNo)] ?? body.duplicates;
  if (chosen === 'update' && row.match === undefined) return 'skip';
  return chosen;
}

/**
 * POST /imports/{id}/commit: every row checked again (its match the preview's, re-checked) and
 * written in one transaction, a batch of rows at a time with one statement per kind of write (clients-batch.service.ts). The import is
 * locked, so a second commit waits and then answers 409; its rows go once committed. The call's
 * audit entry names the import and its counts, and every client created or updated has an entry
 * of its own naming the import (one statement per batch), so its history shows it.
 */
export async function commitImport(
  deps: Deps,
  actor: Actor,
  importId: number,
  body: CommitBody,
): Promise<ImportCommitResult> {
  const scope = scopeOf(actor);
  return auditedTransaction(deps.db, actor, async (tx) => {
    const found = await ownImport(tx, actor, importId, true);
    if (found.committedAt) throw conflict('import_committed');
    // The new clients' duplicate pairs are found after the commit (the route kicks the finder).
    await deferPairs(tx);
    const result: ImportCommitResult = {
      import_id: importId,
      created: 0,
      updated: 0,
      skipped: 0,
      rejected: 0,
      clients: [],
    };
    const note = async (saved: SavedClient[], action: 'created' | 'updated') => {
      const ids = saved.map((c) => c.client_id);
      await recordPerClient(tx, actor, action === 'created' ? 'create' : 'update', ids, {
        import_id: importId,
      });
      for (const c of saved) {
        if (result.clients.length < IMPORT_LIMITS.clientsShown) result.clients.push({ ...c, action });
      }
    };
    // The preview's matches, re-checked against what was written since (not against this commit's own).
    const match = await previewMatches(deps, tx, scope, found.matchedAt);
    // The clients this commit has updated: each once, with the first of the file's rows matching it.
    const updatedOnce = new Set<number>();
    await walkRows(tx, deps, scope, settingsOf(found), match, async (rows) => {
      const creates: ValidRow[] = [];
      const updates: ValidRow[] = [];
      for (const row of rows) {
        if (!row.valid) result.rejected++;
        else {
          const action = actionOf(row, body);
          if (action === 'create') creates.push(row);
          else if (action === 'update') updates.push(row);
          else result.skipped++;
        }
      }
      // Each new client's worker as at intake: the importing Coordinator, in their own centre.
      const withWorkers = await Promise.all(
        creates.map(async (row) => ({
          ...row,
          workerId: await intakeWorker(tx, actor, scope, row.centreId, undefined),
        })),
      );
      const created = await createClients(tx, deps, actor.userId, withWorkers);
      await note(created, 'created');
      // One update per client: a later row matching a client already updated is left out (skipped).
      const firsts = updates.filter((r) => !updatedOnce.has(r.match!) && updatedOnce.add(r.match!));
      const updated = await updateClients(
        tx,
        deps,
        scope,
        firsts.map((r) => ({ clientId: r.match!, answers: r.given })),
      );
      await note(updated, 'updated');
      result.created += created.length;
      result.updated += updated.length;
      result.skipped += updates.length - updated.length;
    });
    await repo.markCommitted(tx, importId);
    // The call's entry names the import and its counts; each client's own entry (above) names it too.
    auditNote(actor, {
      details: {
        import_id: importId,
        created: result.created,
        updated: result.updated,
        skipped: result.skipped,
        rejected: result.rejected,
      },
    });
    return result;
  });
}
