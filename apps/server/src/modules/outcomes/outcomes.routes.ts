import { outcomeBodySchema, outcomeListSchema, outcomeSchema } from '@cairn/shared/outcomes.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponsesWithConflict, noContent } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import * as service from './outcomes.service.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';

const tags = ['outcomes'];
export function outcomesRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/outcomes',
    {
      ...requires('cases.read'),
      ...audited('read', 'outcome'),
      schema: {
        operationId: 'listPlanOutcomes',
        summary: "List a plan's outcomes",
        tags,
        params: idParam,
        response: { 200: outcomeListSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.listPlanOutcomes(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/outcomes',
    {
      ...requires('cases.write'),
      ...audited('create', 'outcome'),
      schema: {
        operationId: 'createOutcome',
        summary: 'Record an outcome of a plan',
        tags,
        body: outcomeBodySchema,
        response: { 201: outcomeSchema, ...errorResponsesWithConflict },
      },
    },
    idempotent(ctx, 201, (request, db) =>
      service.createOutcome(db, actorOf(request), request.body, ctx.config.followUpMonths),
    ),
  );

  app.put(
    '/outcomes/:id',
    {
      ...requires('cases.write'),
      ...audited('update', 'outcome'),
      schema: {
        operationId: 'updateOutcome',
        summary: 'Change an outcome',
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
      ...requires('cases.write'),
      ...audited('delete', 'outcome'),
      schema: {
        operationId: 'deleteOutcome',
        summary: 'Delete an outcome',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponsesWithConflict },
      },
    },
    async (request, reply) => {
      await service.deleteOutcome(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
