import {
  interactionRecordListSchema,
  interactionSumListSchema,
  interactionTypeListSchema,
} from '@cairn/shared/interactions.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { preValidationPolicy } from '../../lib/route-policy.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeInteractions } from './interactions.policy.ts';
import * as service from './interactions.service.ts';

const policy = preValidationPolicy(authorizeInteractions);

export function interactionsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/interactions',
    {
      ...policy('listTypes'),
      schema: { tags: ['interactions'], response: { 200: interactionTypeListSchema, ...errorResponses } },
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
        response: { 200: interactionSumListSchema, ...errorResponses },
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
        response: { 200: interactionSumListSchema, ...errorResponses },
      },
    },
    async (request) => service.recordInteractions(ctx.db, actorOf(request), request.params.id, request.body),
  );
}
