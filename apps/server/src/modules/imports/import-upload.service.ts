import type { Readable } from 'node:stream';
import { IMPORT_LIMITS, importFormSchema } from '@cairn/shared/imports.schemas';
import { messageOf } from '@cairn/shared/messages';
import { checkTexts, withoutForbidden } from '@cairn/shared/text-rules';
import type { AppContext } from '../../app-context.ts';
import { badRequest, HttpError, type FieldMessages } from '../../lib/http-error.ts';
import { readSheetRows, sheetKindOf, type SheetRow } from '../../lib/sheet-read.ts';
import type { Actor } from '../../plugins/auth.ts';
import { scopeOf } from '../access/access.policy.ts';
import { importCentre } from '../access/imports.policy.ts';
import * as repo from './imports.repository.ts';
import { ROW_BATCH } from './import-rows.service.ts';
import { matchImportHeaders } from './import-labels.service.ts';

/** One part of a multipart body, as @fastify/multipart hands it over. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

const MB = 1024 * 1024;
export const tooLarge = () =>
  new HttpError(413, 'import_too_large', undefined, { megabytes: IMPORT_LIMITS.maxBytes / MB });
const tooManyRows = () =>
  new HttpError(413, 'import_too_many_rows', undefined, { max: IMPORT_LIMITS.maxRows });

/** What reading the body threw, as the API answers it; our own refusals and the database's failures unchanged. */
function readError(err: unknown, storing: boolean): unknown {
  if (err instanceof HttpError || storing) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'payload_too_large');
  }
  if (typeof code === 'string' && code.startsWith('FST_')) return new HttpError(400, 'bad_request');
  // The zip or xlsx reader on a file that is not an .xlsx: the sender's fault, never a 500 (the
  // reader's failure is logged with the refusal, by its type and place).
  const unreadable = new HttpError(400, 'import_file_unreadable');
  unreadable.cause = err;
  return unreadable;
}

function parseForm(raw: Record<string, unknown>) {
  const at = checkTexts(raw);
  if (at !== undefined) throw badRequest({ [at || 'body']: { code: 'controlCharacters' } });
  const parsed = importFormSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: FieldMessages = {};
  for (const issue of parsed.error.issues)
    fields[String(issue.path[0] ?? 'body')] ??= messageOf(issue.message);
  throw badRequest(fields);
}

/** Header texts, trimmed, without characters no text may hold (they are stored as words). */
const headersOf = (row: SheetRow): string[] =>
  row.map((h) =>
    withoutForbidden(h ?? '')
      .trim()
      .slice(0, 255),
  );

/**
 * POST /imports: the form's fields (sent before the file: `kind`, `centre_id`, `date_order`), then
 * the file read as it arrives, its rows encrypted and stored a batch at a time (never more than a
 * batch held), the columns matched by their headers. Any refusal removes what was stored.
 */
export async function uploadImport(
  ctx: Pick<AppContext, 'db' | 'clientCrypto'>,
  actor: Actor,
  parts: AsyncIterable<UploadPart>,
): Promise<number> {
  await repo.deleteExpired(ctx.db);
  const fields: Record<string, unknown> = {};
  let importId: number | undefined;
  let storing = false;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || importId !== undefined) {
        part.file.resume();
        continue;
      }
      const form = parseForm(fields);
      const kind = sheetKindOf(part.filename);
      if (!kind) throw new HttpError(415, 'import_file_type');
      const centreId = importCentre(actor, scopeOf(actor), form.centre_id);
      let rowNo = 0;
      let count = 0;
      let batch: Array<{ rowNo: number; cells: string }> = [];
      const flush = async () => {
        storing = true;
        await repo.insertRows(ctx.db, importId!, batch);
        storing = false;
        batch = [];
      };
      for await (const row of readSheetRows(kind, part.file, IMPORT_LIMITS.maxColumns)) {
        rowNo++;
        if (importId === undefined) {
          const headers = headersOf(row);
          if (headers.every((h) => h === '')) throw new HttpError(400, 'import_empty');
          storing = true;
          importId = await repo.insertImport(ctx.db, {
            kind: form.kind,
            fileName: withoutForbidden(part.filename).slice(-255),
            createdBy: actor.userId,
            centreId,
            dateOrder: form.date_order,
            headers,
            // In either language: the template's headers in English or French, labels, synonyms.
            fields: matchImportHeaders(headers),
            expiresAt: new Date(Date.now() + IMPORT_LIMITS.expiryHours * 3600_000),
          });
          storing = false;
          continue;
        }
        // A row with no answer at all is no row (the blank lines below a table).
        if (row.every((c) => c === null || c.trim() === '')) continue;
        if (++count > IMPORT_LIMITS.maxRows) throw tooManyRows();
        batch.push({ rowNo, cells: ctx.clientCrypto.encrypt(JSON.stringify(row)) });
        if (batch.length >= ROW_BATCH) await flush();
      }
      if (part.file.truncated) throw tooLarge();
      if (importId === undefined || count === 0) throw new HttpError(400, 'import_empty');
      await flush();
      storing = true;
      await repo.setRowCount(ctx.db, importId, count);
      storing = false;
    }
    if (importId === undefined) {
      parseForm(fields);
      throw new HttpError(400, 'import_file_missing');
    }
    return importId;
  } catch (err) {
    if (importId !== undefined) await repo.deleteImport(ctx.db, importId);
    throw readError(err, storing);
  }
}
