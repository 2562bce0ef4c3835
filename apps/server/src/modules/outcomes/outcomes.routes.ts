import { outcomeBodySchema, outcomeListSchema, outcomeSchema } from '@cairn/shared/outcomes.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { preValidationPolicy } from '../../lib/route-policy.ts';
import { errorResponsesWithConflict, noContent } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeOutcomes } from './outcomes.policy.ts';
import * as service from './outcomes.service.ts';

const tags = ['outcomes'];
const policy = preValidationPolicy(authorizeOutcomes);

export function outcomesRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/outcomes',
    {
      ...policy('read'),
      schema: { tags, params: idParam, response: { 200: outcomeListSchema, ...errorResponsesWithConflict } },
    },
    async (request) => service.listPlanOutcomes(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/outcomes',
    {
      ...policy('write'),
      schema: {
        tags,
        body: outcomeBodySchema,
        response: { 201: outcomeSchema, ...errorResponsesWithConflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createOutcome(ctx.db, actorOf(request), request.body)),
  );

  app.put(
    '/outcomes/:id',
    {
      ...policy('write'),
      schema: {
        tags,
        params: idParam,
        body: outcomeBodySchema,
        response: { 200: outcomeSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.updateOutcome(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/outcomes/:id',
    {
      ...policy('write'),
      schema: { tags, params: idParam, response: { 204: noContent, ...errorResponsesWithConflict } },
    },
    async (request, reply) => {
      await service.deleteOutcome(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
