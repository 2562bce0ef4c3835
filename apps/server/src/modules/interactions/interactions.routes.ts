import { errorResponseSchema } from '@cairn/shared/errors';
import {
  interactionRecordListSchema,
  interactionSumListSchema,
  interactionTypeListSchema,
} from '@cairn/shared/interactions.schemas';
import { idParam } from '@cairn/shared/validators';
import type { FastifyRequest } from 'fastify';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeInteractions, type InteractionsAction } from './interactions.policy.ts';
import * as service from './interactions.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The route's policy, checked before its input is parsed: a refused caller learns nothing from validation. */
const policy = (action: InteractionsAction) => ({
  preValidation: async (request: FastifyRequest) => authorizeInteractions(actorOf(request), action),
});

export function interactionsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/interactions',
    {
      ...policy('listTypes'),
      schema: { tags: ['interactions'], response: { 200: interactionTypeListSchema, ...errors } },
    },
    async () => service.listInteractionTypes(ctx.db),
  );

  app.get(
    '/clients/:id/interactions',
    {
      ...policy('readSums'),
      schema: {
        tags: ['interactions'],
        params: idParam,
        response: { 200: interactionSumListSchema, ...errors },
      },
    },
    async (request) => service.getInteractionSums(ctx.db, actorOf(request), request.params.id),
  );

  app.put(
    '/clients/:id/interactions',
    {
      ...policy('record'),
      schema: {
        tags: ['interactions'],
        params: idParam,
        body: interactionRecordListSchema,
        response: { 200: interactionSumListSchema, ...errors },
      },
    },
    async (request) => service.recordInteractions(ctx.db, actorOf(request), request.params.id, request.body),
  );
}
