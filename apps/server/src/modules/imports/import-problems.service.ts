import type { Words } from '@cairn/shared/wording';
import { IMPORT_FIELDS } from '@cairn/shared/imports.schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { sendXlsx } from '../../lib/xlsx-stream.ts';
import type { Actor } from '../../plugins/auth.ts';
import { scopeOf } from '../access/access.policy.ts';
import { conflict } from '../../lib/http-error.ts';
import { noMatches } from './import-matches.service.ts';
import { walkRows } from './import-rows.service.ts';
import { ownImport, settingsOf } from './imports.service.ts';

type Deps = Pick<AppContext, 'db' | 'clientCrypto'>;

/**
 * GET /imports/{id}/problems.xlsx: every rejected row as the file had it, after its number and its
 * problems in words (`words`' language: `?lang=`, else the caller's), so it can be fixed and
 * uploaded again; streamed a batch of rows at a time.
 */
export async function sendProblems(
  deps: Deps,
  actor: Actor,
  importId: number,
  request: FastifyRequest,
  reply: FastifyReply,
  { spreadsheet: words, field: fieldMessage }: Pick<Words, 'spreadsheet' | 'field'>,
) {
  const labelOf = (field: string): string =>
    (IMPORT_FIELDS as readonly string[]).includes(field) ? words(`imports.fields.${field}.label`) : field;
  const found = await ownImport(deps.db, actor, importId);
  if (found.committedAt) throw conflict('import_committed');
  const headers = [words('imports.problems.row'), words('imports.problems.problems'), ...found.headers];
  return sendXlsx(request, reply, words('imports.problems.fileName', { id: importId }), async (xlsx) => {
    const sheet = xlsx.sheet(words('imports.problems.sheet'), headers);
    await walkRows(deps.db, deps, scopeOf(actor), settingsOf(found), noMatches, async (rows) => {
      for (const row of rows) {
        if (row.valid) continue;
        const text = row.problems
          .map((p) =>
            words('imports.problems.problem', { field: labelOf(p.field), message: fieldMessage(p) }),
          )
          .join('\n');
        sheet.row([row.rowNo, text, ...row.cells]);
      }
      await sheet.drained();
    });
    await xlsx.finish();
  });
}
