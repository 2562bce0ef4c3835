import { storyBodySchema, storyListSchema, storySchema } from '@cairn/shared/stories.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { preValidationPolicy } from '../../lib/route-policy.ts';
import { errorResponses, noContent } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeStories } from './stories.policy.ts';
import * as service from './stories.service.ts';

const tags = ['stories'];

const policy = preValidationPolicy(authorizeStories);

export function storiesRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/clients/:id/stories',
    {
      ...policy('list'),
      schema: { tags, params: idParam, response: { 200: storyListSchema, ...errorResponses } },
    },
    async (request) => service.listStories(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/stories',
    {
      ...policy('create'),
      schema: { tags, body: storyBodySchema, response: { 201: storySchema, ...errorResponses } },
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
        response: { 200: storySchema, ...errorResponses },
      },
    },
    async (request) => service.updateStory(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/stories/:id',
    {
      ...policy('delete'),
      schema: { tags, params: idParam, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await service.deleteStory(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
