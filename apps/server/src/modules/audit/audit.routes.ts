import {
  auditFilterSchema,
  auditListQuerySchema,
  auditListResponseSchema,
} from '@cairn/shared/audit.schemas';
import { fileLanguage } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { XLSX_TYPE, xlsxAnswer } from '../../lib/xlsx-stream.ts';
import { requires } from '../access/access.policy.ts';
import { audited } from './audit.policy.ts';
import * as service from './audit.service.ts';
import { reportFileSource } from '../../lib/report-source.ts';
import { fileWords } from '../../plugins/language.ts';

const tags = ['audit'];

/** GET /audit/export: the filters, and the file's language (`?lang=`; else the caller's). */
const auditExportQuerySchema = auditFilterSchema.safeExtend({ lang: fileLanguage });

export function auditRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/audit',
    {
      ...requires('audit.read'),
      ...audited('read', 'audit'),
      schema: {
        tags,
        operationId: 'listAuditEntries',
        summary: 'The audit trail',
        description:
          'Entries matching every filter given, newest first; `from` and `to` are whole days (UTC), ' +
          '`to` included (`from` after `to` is 400). Admins only. Reading the trail is itself an entry; such entries (record kind ' +
          '`audit`) are left out unless `include_trail_reads=true`. Each entry names its record ' +
          '(`record_name`), an update its changed fields (`changes`) and a refusal its error code (`reason`).',
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listEntries(ctx.db, request.query, request),
  );

  app.get(
    '/audit/export',
    {
      ...requires('audit.read'),
      ...audited('export', 'audit'),
      schema: {
        tags,
        operationId: 'exportAuditEntries',
        summary: 'The audit trail as an .xlsx',
        description:
          'Every entry the filters match (as GET /audit), newest first, in a file named by the ' +
          "filter's days (`audit-2026-01-01-to-2026-03-31.xlsx`), its sheet name, headers, actions, " +
          "record kinds, outcomes and roles in `lang` (else the caller's language; English's are the " +
          "API's names and codes). Admins only; an entry itself. Read " +
          'from the read replica while it is fresh enough, the header `X-Data-As-Of` then giving ' +
          'the time its data is as of (absent when read from the primary).',
        querystring: auditExportQuerySchema,
        response: {
          200: { description: 'An .xlsx file', content: { [XLSX_TYPE]: { schema: xlsxAnswer } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { db } = await reportFileSource(ctx.reports, request, reply);
      const { lang, ...filter } = request.query;
      return service.exportEntries(db, filter, request, reply, fileWords(request, lang));
    },
  );
}
