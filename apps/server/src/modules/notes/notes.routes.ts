import { noteBodySchema, noteListSchema, noteSchema } from '@cairn/shared/notes.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, noContent } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import * as service from './notes.service.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';

const tags = ['notes'];

export function notesRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/notes',
    {
      ...requires('cases.read'),
      ...audited('read', 'note'),
      schema: {
        operationId: 'listPlanNotes',
        summary: "List a plan's notes, newest first, then by flag",
        tags,
        params: idParam,
        response: { 200: noteListSchema, ...errorResponses },
      },
    },
    async (request) => service.listNotes(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/notes',
    {
      ...requires('cases.write'),
      ...audited('create', 'note'),
      schema: {
        operationId: 'createNote',
        summary: 'Add a note to a plan',
        tags,
        body: noteBodySchema,
        response: { 201: noteSchema, ...errorResponses },
      },
    },
    idempotent(ctx, 201, (request, db) => service.createNote(db, actorOf(request), request.body)),
  );

  app.put(
    '/notes/:id',
    {
      ...requires('cases.write'),
      ...audited('update', 'note'),
      schema: {
        operationId: 'updateNote',
        summary: 'Change a note',
        tags,
        params: idParam,
        body: noteBodySchema,
        response: { 200: noteSchema, ...errorResponses },
      },
    },
    async (request) => service.updateNote(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/notes/:id',
    {
      ...requires('cases.write'),
      ...audited('delete', 'note'),
      schema: {
        operationId: 'deleteNote',
        summary: 'Delete a note',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.deleteNote(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
