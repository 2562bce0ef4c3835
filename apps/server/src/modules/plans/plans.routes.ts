import { errorResponseSchema } from '@cairn/shared/errors';
import {
  planCreateBodySchema,
  planCreateResponseSchema,
  planListSchema,
  planSchema,
  planUpdateBodySchema,
} from '@cairn/shared/plans.schemas';
import { idParam } from '@cairn/shared/validators';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { planLinksRoutes } from './plan-links.routes.ts';
import { planPolicy } from './plans.policy.ts';
import * as service from './plans.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['plans'];

export function plansRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/clients/:id/plans',
    {
      ...planPolicy('read'),
      schema: { tags, params: idParam, response: { 200: planListSchema, ...errors } },
    },
    async (request) => service.listClientPlans(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/plans',
    {
      ...planPolicy('write'),
      schema: { tags, body: planCreateBodySchema, response: { 201: planCreateResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPlan(ctx.db, actorOf(request), request.body)),
  );

  app.get(
    '/plans/:id',
    {
      ...planPolicy('read'),
      schema: { tags, params: idParam, response: { 200: planSchema, ...errors } },
    },
    async (request) => service.getPlan(ctx.db, actorOf(request), request.params.id),
  );

  app.put(
    '/plans/:id',
    {
      ...planPolicy('write'),
      schema: {
        tags,
        params: idParam,
        body: planUpdateBodySchema,
        response: { 200: planSchema, ...errors },
      },
    },
    async (request) => service.updatePlan(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/plans/:id',
    {
      ...planPolicy('write'),
      schema: { tags, params: idParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.deletePlan(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  planLinksRoutes(app, ctx);
}
