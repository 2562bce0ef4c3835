import { errorResponseSchema } from '@cairn/shared/errors';
import { spendingBodySchema, spendingListSchema, spendingSchema } from '@cairn/shared/spendings.schemas';
import { idParam } from '@cairn/shared/validators';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeSpendings, type SpendingsAction } from './spendings.policy.ts';
import * as service from './spendings.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const tags = ['spendings'];

/** The route's policy, checked before its input is parsed: a refused caller learns nothing from validation. */
const policy = (action: SpendingsAction) => ({
  preValidation: async (request: FastifyRequest) => authorizeSpendings(actorOf(request), action),
});

export function spendingsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/spendings',
    {
      ...policy('list'),
      schema: { tags, params: idParam, response: { 200: spendingListSchema, ...errors } },
    },
    async (request) => service.listSpendings(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/spendings',
    {
      ...policy('create'),
      schema: { tags, body: spendingBodySchema, response: { 201: spendingSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSpending(ctx.db, actorOf(request), request.body)),
  );

  app.put(
    '/spendings/:id',
    {
      ...policy('update'),
      schema: {
        tags,
        params: idParam,
        body: spendingBodySchema,
        response: { 200: spendingSchema, ...errors },
      },
    },
    async (request) => service.updateSpending(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/spendings/:id',
    {
      ...policy('delete'),
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.deleteSpending(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
