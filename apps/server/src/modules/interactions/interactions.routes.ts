import {
  interactionRecordListSchema,
  interactionSumListSchema,
  interactionTypeListSchema,
} from '@cairn/shared/interactions.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import * as service from './interactions.service.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';

export function interactionsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/interactions',
    {
      ...requires('cases.read'),
      schema: {
        operationId: 'listInteractionTypes',
        summary: 'List the kinds of interaction',
        tags: ['interactions'],
        response: { 200: interactionTypeListSchema, ...errorResponses },
      },
    },
    async () => service.listInteractionTypes(ctx.db),
  );

  app.get(
    '/clients/:id/interactions',
    {
      ...requires('cases.read'),
      ...audited('read', 'interaction'),
      schema: {
        operationId: 'listClientInteractions',
        summary: "A client's interactions, summed by kind",
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
      ...requires('cases.write'),
      ...audited('update', 'interaction'),
      schema: {
        operationId: 'recordClientInteractions',
        summary: 'Record interactions with a client',
        tags: ['interactions'],
        params: idParam,
        body: interactionRecordListSchema,
        response: { 200: interactionSumListSchema, ...errorResponses },
      },
    },
    idempotent(ctx, 200, (request, db) =>
      service.recordInteractions(db, actorOf(request), request.params.id, request.body),
    ),
  );
}
