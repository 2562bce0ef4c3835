import { storyBodySchema, storyListSchema, storySchema } from '@cairn/shared/stories.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, noContent } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import * as service from './stories.service.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';

const tags = ['stories'];

export function storiesRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/clients/:id/stories',
    {
      ...requires('cases.read'),
      ...audited('read', 'story'),
      schema: {
        operationId: 'listClientStories',
        summary: "List a client's success stories, newest first",
        tags,
        params: idParam,
        response: { 200: storyListSchema, ...errorResponses },
      },
    },
    async (request) => service.listStories(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/stories',
    {
      ...requires('cases.write'),
      ...audited('create', 'story'),
      schema: {
        operationId: 'createStory',
        summary: 'Add a success story',
        tags,
        body: storyBodySchema,
        response: { 201: storySchema, ...errorResponses },
      },
    },
    idempotent(ctx, 201, (request, db) => service.createStory(db, actorOf(request), request.body)),
  );

  app.put(
    '/stories/:id',
    {
      ...requires('cases.write'),
      ...audited('update', 'story'),
      schema: {
        operationId: 'updateStory',
        summary: 'Change a success story',
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
      ...requires('cases.write'),
      ...audited('delete', 'story'),
      schema: {
        operationId: 'deleteStory',
        summary: 'Delete a success story',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.deleteStory(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
