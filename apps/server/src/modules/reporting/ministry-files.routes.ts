import {
  MINISTRY_FILE_LIMITS,
  ministryFileBodySchema,
  ministryFileListSchema,
  ministryFileSchema,
} from '@cairn/shared/reporting.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, errorResponsesWithConflict, noContent } from '../../lib/route-schemas.ts';
import { attachmentOf, xlsxAnswer } from '../../lib/xlsx-stream.ts';
import { actorOf } from '../../plugins/auth.ts';
import { callerLocale } from '../../plugins/language.ts';
import { requires } from '../access/access.policy.ts';
import { auditNote, audited } from '../audit/audit.policy.ts';
import { ministryFiles } from './ministry-files.service.ts';

const tags = ['reporting'];

/**
 * The ministry spreadsheet built in the background (issue 33, ministry-files.service.ts): asked
 * for, followed, downloaded when ready and removed, each file its requester's alone.
 */
export function ministryFilesRoutes(app: ZodApp, ctx: AppContext) {
  const files = ministryFiles(app, ctx);

  app.post(
    '/reporting/ministry-files',
    {
      ...requires('reports.ministry'),
      schema: {
        tags,
        operationId: 'startMinistryFile',
        summary: 'Prepare the ministry spreadsheet for a range, in the background',
        description:
          'Answers 202 at once with the new file, `running`; the server writes it (the sheets of ' +
          '`GET /reporting/ministry-report`, from one snapshot) and keeps it ' +
          `${MINISTRY_FILE_LIMITS.keptHours} hours. Its progress is \`rows_written\` of \`rows_total\` ` +
          '(null until the rows are counted); once `ready` it is downloaded from `/file`; `failed` ' +
          'says why in `failure`. One file under way per user: 409 `ministry_file_running`. Admins only.',
        body: ministryFileBodySchema,
        response: { 202: ministryFileSchema, ...errorResponsesWithConflict },
      },
    },
    async (request, reply) => {
      const { start, end, lang } = request.body;
      const file = await files.start(actorOf(request), { start, end, locale: lang ?? callerLocale(request) });
      return reply.status(202).send(file);
    },
  );

  app.get(
    '/reporting/ministry-files',
    {
      ...requires('reports.ministry'),
      schema: {
        tags,
        operationId: 'listMinistryFiles',
        summary: "The caller's ministry files",
        description: `The caller's files of the last ${MINISTRY_FILE_LIMITS.keptHours} hours, newest first (at most ${MINISTRY_FILE_LIMITS.listed}).`,
        response: { 200: ministryFileListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await files.list(actorOf(request)) }),
  );

  app.get(
    '/reporting/ministry-files/:id',
    {
      ...requires('reports.ministry'),
      schema: {
        tags,
        operationId: 'getMinistryFile',
        summary: "One of the caller's ministry files: its progress, or its size once ready",
        description: "404 for another user's file, and once it has expired.",
        params: idParam,
        response: { 200: ministryFileSchema, ...errorResponses },
      },
    },
    async (request) => files.get(actorOf(request), request.params.id),
  );

  app.get(
    '/reporting/ministry-files/:id/file',
    {
      ...requires('reports.ministry'),
      ...audited('export', 'report', { id: 'none', details: { report: 'ministry' } }),
      schema: {
        tags,
        operationId: 'downloadMinistryFile',
        summary: 'A ready ministry file',
        description:
          'The .xlsx, saved under its `file_name`. 409 `ministry_file_not_ready` while it is running ' +
          'or when it failed. Read from the read replica when it was written from it: `X-Data-As-Of` ' +
          'then gives the time its data is as of.',
        params: idParam,
        response: { 200: xlsxAnswer, ...errorResponsesWithConflict },
      },
    },
    async (request, reply) => {
      const { file, body } = await files.open(actorOf(request), request.params.id);
      // The audit entry: the file, its range and the rows of each sheet, as the streamed file's.
      auditNote(request, {
        details: { file: file.fileId, start: file.rangeStart, end: file.rangeEnd, rows: file.sheetRows },
      });
      if (file.dataAsOf) reply.header('X-Data-As-Of', file.dataAsOf.toISOString());
      return attachmentOf(reply, file.fileName).header('Content-Length', String(file.size)).send(body);
    },
  );

  app.delete(
    '/reporting/ministry-files/:id',
    {
      ...requires('reports.ministry'),
      schema: {
        tags,
        operationId: 'deleteMinistryFile',
        summary: "Remove one of the caller's ministry files",
        description: "A file under way is stopped. 404 for another user's file.",
        params: idParam,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await files.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
