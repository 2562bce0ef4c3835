import { errorResponseSchema } from '@cairn/shared/errors';
import { noteBodySchema, noteListSchema, noteSchema } from '@cairn/shared/notes.schemas';
import { idParam } from '@cairn/shared/validators';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeNotes, type NotesAction } from './notes.policy.ts';
import * as service from './notes.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const tags = ['notes'];

/** The route's policy, checked before its input is parsed: a refused caller learns nothing from validation. */
const policy = (action: NotesAction) => ({
  preValidation: async (request: FastifyRequest) => authorizeNotes(actorOf(request), action),
});

export function notesRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/notes',
    {
      ...policy('list'),
      schema: { tags, params: idParam, response: { 200: noteListSchema, ...errors } },
    },
    async (request) => service.listNotes(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/notes',
    {
      ...policy('create'),
      schema: { tags, body: noteBodySchema, response: { 201: noteSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createNote(ctx.db, actorOf(request), request.body)),
  );

  app.put(
    '/notes/:id',
    {
      ...policy('update'),
      schema: {
        tags,
        params: idParam,
        body: noteBodySchema,
        response: { 200: noteSchema, ...errors },
      },
    },
    async (request) => service.updateNote(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/notes/:id',
    {
      ...policy('delete'),
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.deleteNote(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
