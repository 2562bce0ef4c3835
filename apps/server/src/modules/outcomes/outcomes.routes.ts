import { errorResponseSchema } from '@cairn/shared/errors';
import { outcomeBodySchema, outcomeListSchema, outcomeSchema } from '@cairn/shared/outcomes.schemas';
import { idParam } from '@cairn/shared/validators';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { outcomePolicy } from './outcomes.policy.ts';
import * as service from './outcomes.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['outcomes'];

export function outcomesRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/outcomes',
    {
      ...outcomePolicy('read'),
      schema: { tags, params: idParam, response: { 200: outcomeListSchema, ...errors } },
    },
    async (request) => service.listPlanOutcomes(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/outcomes',
    {
      ...outcomePolicy('write'),
      schema: { tags, body: outcomeBodySchema, response: { 201: outcomeSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createOutcome(ctx.db, actorOf(request), request.body)),
  );

  app.put(
    '/outcomes/:id',
    {
      ...outcomePolicy('write'),
      schema: { tags, params: idParam, body: outcomeBodySchema, response: { 200: outcomeSchema, ...errors } },
    },
    async (request) => service.updateOutcome(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/outcomes/:id',
    {
      ...outcomePolicy('write'),
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.deleteOutcome(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
