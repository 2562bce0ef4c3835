import { spendingBodySchema, spendingListSchema, spendingSchema } from '@cairn/shared/spendings.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, noContent } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import * as service from './spendings.service.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';

const tags = ['spendings'];

export function spendingsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/spendings',
    {
      ...requires('cases.read'),
      ...audited('read', 'spending'),
      schema: {
        operationId: 'listPlanSpendings',
        summary: "List a plan's spendings",
        tags,
        params: idParam,
        response: { 200: spendingListSchema, ...errorResponses },
      },
    },
    async (request) => service.listSpendings(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/spendings',
    {
      ...requires('cases.write'),
      ...audited('create', 'spending'),
      schema: {
        operationId: 'createSpending',
        summary: 'Record a spending on a plan',
        tags,
        body: spendingBodySchema,
        response: { 201: spendingSchema, ...errorResponses },
      },
    },
    idempotent(ctx, 201, (request, db) => service.createSpending(db, actorOf(request), request.body)),
  );

  app.put(
    '/spendings/:id',
    {
      ...requires('cases.write'),
      ...audited('update', 'spending'),
      schema: {
        operationId: 'updateSpending',
        summary: 'Change a spending',
        tags,
        params: idParam,
        body: spendingBodySchema,
        response: { 200: spendingSchema, ...errorResponses },
      },
    },
    async (request) => service.updateSpending(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/spendings/:id',
    {
      ...requires('cases.write'),
      ...audited('delete', 'spending'),
      schema: {
        operationId: 'deleteSpending',
        summary: 'Delete a spending',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.deleteSpending(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
