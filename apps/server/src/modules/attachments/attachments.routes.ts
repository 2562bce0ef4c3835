import type { Socket } from 'node:net';
import multipart from '@fastify/multipart';
import {
  ATTACHMENT_CATEGORIES,
  ATTACHMENT_LIMITS,
  attachmentContentQuery,
  attachmentLimitsSchema,
  attachmentListSchema,
  attachmentSchema,
  attachmentUpdateSchema,
} from '@cairn/shared/attachments.schemas';
import { errorResponseSchema } from '@cairn/shared/errors';
import { idParam } from '@cairn/shared/validators';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { errorResponses, noContent } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requires } from '../access/access.policy.ts';
import { tooLarge, uploadAttachment, type UploadPart } from './attachment-upload.service.ts';
import * as service from './attachments.service.ts';
import { audited } from '../audit/audit.policy.ts';

const tags = ['attachments'];

/**
 * The upload's body as the API description shows it (multipart/form-data). The route reads the
 * parts itself, streaming the file, so the schema validates nothing but documents the form.
 */
const uploadForm = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'The file (at most ATTACHMENT_MAX_BYTES).' },
    category: { type: 'string', enum: [...ATTACHMENT_CATEGORIES] },
    note: { type: 'string', maxLength: ATTACHMENT_LIMITS.noteMax },
  },
});

/** A download's bytes. */
const fileBytes = z.string().meta({ type: 'string', format: 'binary' });

/**
 * What a multipart body may hold beside the file's bytes: the boundaries, the part headers (a name
 * of 255 characters percent-encoded) and the form fields. A declared length past the limit and this
 * is refused before anything is read.
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** A file's bytes are no page: nothing in them may load or run, even when shown inline. */
const DOWNLOAD_CSP = "default-src 'none'";

export async function attachmentsRoutes(app: ZodApp, ctx: AppContext) {
  // Multipart is parsed in this scope only: the other routes keep refusing it as a bad body.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fields: 8, fieldSize: 16 * 1024, files: 1, parts: 10, headerPairs: 50 },
    });
    routes(scope.withTypeProvider(), ctx);
  });
}

function routes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/clients/:id/attachments',
    {
      ...requires('cases.read'),
      ...audited('read', 'attachment', { id: 'none' }),
      schema: {
        operationId: 'listClientAttachments',
        summary: "List a client's files",
        tags,
        params: idParam,
        response: { 200: attachmentListSchema, ...errorResponses },
      },
    },
    async (request) => service.listAttachments(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/clients/:id/attachments',
    {
      ...requires('cases.write'),
      ...audited('create', 'attachment'),
      schema: {
        operationId: 'uploadClientAttachment',
        summary: 'Upload a file for a client',
        description:
          'The type is read from the content: a kind not accepted is 415 `attachment_type_refused`, ' +
          'a plain text name (`.txt`, `.md`, `.csv`…) over HTML or a script 415 ' +
          '`attachment_text_holds_markup`, a file past ATTACHMENT_MAX_BYTES 413 `attachment_too_large`.',
        tags,
        params: idParam,
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: {
          201: attachmentSchema,
          ...errorResponses,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'attachment_not_multipart');
      const maxBytes = ctx.config.attachmentMaxBytes;
      // A body declared larger than any file it may carry: 413 unread (lib/unread-body.ts closes).
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
      // One byte past the limit reaches the upload, which refuses it there and then: at the limit
      // itself busboy would only mark the file cut short once the whole part had been read.
      const parts = request.parts({ limits: { fileSize: maxBytes + 1 } }) as AsyncIterable<UploadPart>;
      // A cancelled upload closes its connection: then nothing is kept (best effort, checked last).
      const socket = request.raw.socket as (Socket & { readableEnded?: boolean }) | undefined;
      const clientGone = () => socket?.destroyed === true || socket?.readableEnded === true;
      const saved = await uploadAttachment(
        ctx.db,
        ctx.clientCrypto,
        actorOf(request),
        request.params.id,
        parts,
        maxBytes,
        clientGone,
      );
      return reply.status(201).send(saved);
    },
  );

  app.get(
    '/attachments/:id/content',
    {
      ...requires('cases.read'),
      ...audited('read', 'attachment', { id: 'param' }),
      // After the app's own security headers: a download answers its own, stricter policy.
      onSend: async (_request, reply) => {
        if (reply.statusCode === 200) reply.header('content-security-policy', DOWNLOAD_CSP);
      },
      schema: {
        operationId: 'getAttachmentContent',
        summary: "A file's content",
        tags,
        params: idParam,
        querystring: attachmentContentQuery,
        response: {
          200: {
            description: 'The file, as an attachment (or inline, for a PDF or an image with inline=1).',
            content: { 'application/octet-stream': { schema: fileBytes } },
          },
          ...errorResponses,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const download = await service.downloadAttachment(
        ctx.db,
        ctx.clientCrypto,
        actorOf(request),
        request.params.id,
        request.query.inline === '1',
      );
      // A stream goes out as it is (the serialiser never sees it); the schema documents the bytes.
      return reply
        .status(200)
        .headers(download.headers)
        .send(download.body as unknown as string);
    },
  );

  // Those who upload: the web refuses a file past the limit before sending a byte of it.
  app.get(
    '/attachments/limits',
    {
      ...requires('cases.write'),
      schema: {
        operationId: 'getAttachmentLimits',
        summary: 'The size and number of files this deployment accepts',
        tags,
        response: { 200: attachmentLimitsSchema, ...errorResponses },
      },
    },
    () => ({ max_bytes: ctx.config.attachmentMaxBytes, per_client: ATTACHMENT_LIMITS.perClient }),
  );

  app.put(
    '/attachments/:id',
    {
      ...requires('cases.write'),
      ...audited('update', 'attachment'),
      schema: {
        operationId: 'updateAttachment',
        summary: "Change a file's name, category or note",
        tags,
        params: idParam,
        body: attachmentUpdateSchema,
        response: { 200: attachmentSchema, ...errorResponses },
      },
    },
    async (request) => service.updateAttachment(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/attachments/:id',
    {
      ...requires('cases.write'),
      ...audited('delete', 'attachment'),
      schema: {
        operationId: 'deleteAttachment',
        summary: 'Delete a file',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.deleteAttachment(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
