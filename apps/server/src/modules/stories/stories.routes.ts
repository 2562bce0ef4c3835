import { errorResponseSchema } from '@cairn/shared/errors';
import { storyBodySchema, storyListSchema, storySchema } from '@cairn/shared/stories.schemas';
import { idParam } from '@cairn/shared/validators';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeStories, type StoriesAction } from './stories.policy.ts';
import * as service from './stories.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const tags = ['stories'];

/** The route's policy, checked before its input is parsed: a refused caller learns nothing from validation. */
const policy = (action: StoriesAction) => ({
  preValidation: async (request: FastifyRequest) => authorizeStories(actorOf(request), action),
});

export function storiesRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/clients/:id/stories',
    {
      ...policy('list'),
      schema: { tags, params: idParam, response: { 200: storyListSchema, ...errors } },
    },
    async (request) => service.listStories(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/stories',
    {
      ...policy('create'),
      schema: { tags, body: storyBodySchema, response: { 201: storySchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createStory(ctx.db, actorOf(request), request.body)),
  );

  app.put(
    '/stories/:id',
    {
      ...policy('update'),
      schema: {
        tags,
        params: idParam,
        body: storyBodySchema,
        response: { 200: storySchema, ...errors },
      },
    },
    async (request) => service.updateStory(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/stories/:id',
    {
      ...policy('delete'),
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.deleteStory(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
