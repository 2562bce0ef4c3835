import {
  IMPORT_LIMITS,
  type DateOrder,
  type ImportField,
  type ImportPreview,
  type ImportProblem,
  type importUpdateBodySchema,
} from '@cairn/shared/imports.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Executor } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { scopeOf } from '../access/access.policy.ts';
import { importCentre, requireOwnImport } from '../access/imports.policy.ts';
import { storingMatches } from './import-matches.service.ts';
import { isDuplicate, walkRows, type WalkSettings } from './import-rows.service.ts';
import * as repo from './imports.repository.ts';

type Deps = Pick<AppContext, 'db' | 'clientCrypto'>;

/** Batches a preview matches at once: the machine's two cores (docs/performance.md, "Spreadsheet import"). */
const PREVIEW_BATCHES_AHEAD = 2;
type UpdateBody = z.output<typeof importUpdateBodySchema>;

/** The caller's own import, not expired (404 otherwise), locked when `lock`. */
export async function ownImport(db: Executor, actor: Actor, importId: number, lock = false) {
  const found = await repo.findImport(db, importId, lock);
  requireOwnImport(actor, found?.createdBy);
  return found!;
}

export const settingsOf = (found: repo.ImportRow): WalkSettings => ({
  importId: found.importId,
  fields: found.fields as Array<ImportField | null>,
  dateOrder: found.dateOrder as DateOrder,
  centreId: found.centreId,
});

/**
 * The preview of an import: its columns' fields, counts and first problems, from every row checked;
 * each row's match is stored for the commit (import-matches.service.ts).
 */
export async function previewImport(deps: Deps, actor: Actor, importId: number): Promise<ImportPreview> {
  const found = await ownImport(deps.db, actor, importId);
  if (found.committedAt) throw conflict('import_committed');
  const settings = settingsOf(found);
  let rows = 0;
  let valid = 0;
  let duplicates = 0;
  const problems: ImportProblem[] = [];
  const scope = scopeOf(actor);
  await storingMatches(deps, scope, settings, (match) =>
    walkRows(
      deps.db,
      deps,
      scope,
      settings,
      match,
      async (batch) => {
        for (const row of batch) {
          rows++;
          if (row.valid) {
            valid++;
            if (isDuplicate(row)) duplicates++;
          } else {
            for (const p of row.problems) {
              if (problems.length < IMPORT_LIMITS.problemsShown) problems.push({ row: row.rowNo, ...p });
            }
          }
        }
      },
      // Two batches matched at once, on two of the pool's connections (walkRows).
      PREVIEW_BATCHES_AHEAD,
    ),
  );
  return {
    import_id: found.importId,
    kind: 'clients',
    file_name: found.fileName,
    centre_id: found.centreId,
    date_order: settings.dateOrder,
    columns: found.headers.map((header, column) => ({
      column,
      header,
      field: settings.fields[column] ?? null,
    })),
    unmatched: found.headers.filter((h, column) => h !== '' && !settings.fields[column]),
    rows,
    valid,
    invalid: rows - valid,
    duplicates,
    problems,
    expires_at: found.expiresAt.toISOString(),
  };
}

/** PUT /imports/{id}: the columns' fields, the centre and the date order changed, then the new preview. */
export async function changeImport(deps: Deps, actor: Actor, importId: number, body: UpdateBody) {
  const found = await ownImport(deps.db, actor, importId);
  if (found.committedAt) throw conflict('import_committed');
  const fields = [...found.fields];
  for (const { column, field } of body.columns ?? []) {
    if (column >= found.headers.length) throw badRequest({ columns: { code: 'invalid' } });
    fields[column] = field;
  }
  const named = fields.filter((f) => f !== null);
  if (new Set(named).size !== named.length) throw badRequest({ columns: { code: 'import_field_twice' } });
  await repo.updateImport(deps.db, importId, {
    fields,
    centreId:
      body.centre_id === undefined ? found.centreId : importCentre(actor, scopeOf(actor), body.centre_id),
    dateOrder: body.date_order ?? found.dateOrder,
  });
  return previewImport(deps, actor, importId);
}
