import multipart from '@fastify/multipart';
import { errorResponseSchema } from '@cairn/shared/errors';
import {
  DATE_ORDERS,
  IMPORT_KINDS,
  IMPORT_LIMITS,
  importCommitBodySchema,
  importCommitResultSchema,
  importPreviewSchema,
  importTemplateQuerySchema,
  importUpdateBodySchema,
} from '@cairn/shared/imports.schemas';
import { fileLanguage, idParam } from '@cairn/shared/validators';
import { wordsIn } from '@cairn/shared/wording';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { errorResponses, errorResponsesWithConflict } from '../../lib/route-schemas.ts';
import { xlsxAnswer } from '../../lib/xlsx-stream.ts';
import { actorOf } from '../../plugins/auth.ts';
import { callerLocale } from '../../plugins/language.ts';
import { requires } from '../access/access.policy.ts';
import { audited } from '../audit/audit.policy.ts';
import { commitImport } from './import-commit.service.ts';
import { sendProblems } from './import-problems.service.ts';
import { sendTemplate } from './import-template.service.ts';
import { tooLarge, uploadImport, type UploadPart } from './import-upload.service.ts';
import { changeImport, previewImport } from './imports.service.ts';

const tags = ['imports'];

/**
 * The upload's form as the API description shows it; the route reads the parts itself, streaming
 * the file (a multipart body is no body to validate). Any other body must at least be an object.
 */
const uploadForm = z
  .unknown()
  .refine((v) => v == null || (typeof v === 'object' && !Array.isArray(v)))
  .meta({
    type: 'object',
    required: ['kind', 'file'],
    properties: {
      kind: { type: 'string', enum: [...IMPORT_KINDS], description: 'Sent before the file.' },
      centre_id: { type: 'integer', description: "The rows' centre (Admins); a Coordinator's is their own." },
      date_order: { type: 'string', enum: [...DATE_ORDERS], default: 'dmy' },
      file: { type: 'string', format: 'binary', description: 'An .xlsx or .csv file (last part).' },
    },
  });

/** GET /imports/template: the kind, and the file's language (`?lang=`; else the caller's). */
const templateQuery = importTemplateQuerySchema.extend({ lang: fileLanguage });
/** GET /imports/{id}/problems.xlsx: the file's language (`?lang=`; else the caller's). */
const problemsQuery = z.object({ lang: fileLanguage });

/** Room for the multipart framing and form fields beside the file's bytes. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export async function importsRoutes(app: ZodApp, ctx: AppContext) {
  // Multipart is parsed in this scope only: the other routes keep refusing it as a bad body.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fields: 8, fieldSize: 1024, files: 1, parts: 10, headerPairs: 50 },
    });
    routes(scope.withTypeProvider(), ctx);
  });
}

function routes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/imports/template',
    {
      ...requires('cases.write'),
      schema: {
        operationId: 'getImportTemplate',
        summary: 'The spreadsheet to fill for an import',
        description:
          'An .xlsx with a column per client field (`*` when required), a drop-down list under every ' +
          'enumerated field, and a second sheet explaining each column, in `lang` (else the ' +
          "caller's language): the headers are the fields' API names in English, their names in " +
          'French, and the choices their labels. A file is read in either language.',
        tags,
        querystring: templateQuery,
        response: { 200: xlsxAnswer, ...errorResponses },
      },
    },
    async (request, reply) => sendTemplate(reply, wordsIn(request.query.lang ?? callerLocale(request))),
  );

  app.post(
    '/imports',
    {
      ...requires('cases.write'),
      schema: {
        operationId: 'createImport',
        summary: 'Upload a spreadsheet of clients and see its preview',
        description:
          `Multipart: \`kind\`, \`centre_id\` and \`date_order\`, then \`file\` (.xlsx or .csv, at most ` +
          `${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${IMPORT_LIMITS.maxRows} rows: 413 ` +
          '`import_too_large` or `import_too_many_rows` past them). Read as it arrives; columns matched to ' +
          'fields by their headers; every row checked as an intake is. Uncommitted, the import is removed ' +
          `after ${IMPORT_LIMITS.expiryHours} hours.`,
        tags,
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: {
          201: importPreviewSchema,
          ...errorResponses,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'import_not_multipart');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > IMPORT_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
      const parts = request.parts({
        limits: { fileSize: IMPORT_LIMITS.maxBytes },
      }) as AsyncIterable<UploadPart>;
      const actor = actorOf(request);
      const importId = await uploadImport(ctx, actor, parts);
      return reply.status(201).send(await previewImport(ctx, actor, importId));
    },
  );

  app.put(
    '/imports/:id',
    {
      ...requires('cases.write'),
      schema: {
        operationId: 'updateImport',
        summary: "Change an import's column matching, centre or date order",
        description: 'Answers the new preview. 409 `import_committed` once committed.',
        tags,
        params: idParam,
        body: importUpdateBodySchema,
        response: { 200: importPreviewSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => changeImport(ctx, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/imports/:id/problems.xlsx',
    {
      ...requires('cases.write'),
      schema: {
        operationId: 'getImportProblems',
        summary: "An import's rejected rows with their problems",
        description:
          'Every rejected row as the file had it, after its number and its problems in words, in ' +
          "`lang` (else the caller's language).",
        tags,
        params: idParam,
        querystring: problemsQuery,
        response: { 200: xlsxAnswer, ...errorResponsesWithConflict },
      },
    },
    async (request, reply) =>
      sendProblems(
        ctx,
        actorOf(request),
        request.params.id,
        request,
        reply,
        wordsIn(request.query.lang ?? callerLocale(request)),
      ),
  );

  app.post(
    '/imports/:id/commit',
    {
      ...requires('cases.write'),
      ...audited('create', 'client', { id: 'none', details: { import: 'commit' } }),
      schema: {
        operationId: 'commitImport',
        summary: "Write an import's clients",
        description:
          'In one transaction: valid rows create clients; duplicates (of a client or of an earlier row) ' +
          'are skipped, update the client they match, or are created, as `duplicates` (or `rows`, per ' +
          "row number) says. A second commit answers 409 `import_committed`. The new clients' possible " +
          'duplicates are found once the commit is answered (within seconds for a large file).',
        tags,
        params: idParam,
        body: importCommitBodySchema,
        response: { 200: importCommitResultSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      const result = await commitImport(ctx, actorOf(request), request.params.id, request.body);
      // The new clients' duplicate pairs are found now that they are committed.
      app.pendingPairs.kick();
      return result;
    },
  );
}
