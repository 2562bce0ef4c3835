import {
  planCreateBodySchema,
  planCreateResponseSchema,
  planListSchema,
  planSchema,
  planUpdateBodySchema,
} from '@cairn/shared/plans.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponsesWithConflict, noContent } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { planLinksRoutes } from './plan-links.routes.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import * as service from './plans.service.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';

const tags = ['plans'];
export function plansRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/clients/:id/plans',
    {
      ...requires('cases.read'),
      ...audited('read', 'plan'),
      schema: {
        operationId: 'listClientPlans',
        summary: "List a client's plans, newest first",
        tags,
        params: idParam,
        response: { 200: planListSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.listClientPlans(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/plans',
    {
      ...requires('cases.write'),
      ...audited('create', 'plan'),
      schema: {
        operationId: 'createPlan',
        summary: 'Create a plan',
        tags,
        body: planCreateBodySchema,
        response: { 201: planCreateResponseSchema, ...errorResponsesWithConflict },
      },
    },
    idempotent(ctx, 201, (request, db) => service.createPlan(db, actorOf(request), request.body)),
  );

  app.get(
    '/plans/:id',
    {
      ...requires('cases.read'),
      ...audited('read', 'plan'),
      schema: {
        operationId: 'getPlan',
        summary: 'Read one plan',
        tags,
        params: idParam,
        response: { 200: planSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.getPlan(ctx.db, actorOf(request), request.params.id),
  );

  app.put(
    '/plans/:id',
    {
      ...requires('cases.write'),
      ...audited('update', 'plan'),
      schema: {
        operationId: 'updatePlan',
        summary: "Change a plan's information",
        tags,
        params: idParam,
        body: planUpdateBodySchema,
        response: { 200: planSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.updatePlan(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/plans/:id',
    {
      ...requires('cases.write'),
      ...audited('delete', 'plan'),
      schema: {
        operationId: 'deletePlan',
        summary: 'Delete a plan',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponsesWithConflict },
      },
    },
    async (request, reply) => {
      await service.deletePlan(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  planLinksRoutes(app, ctx);
}
