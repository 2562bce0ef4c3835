import { followUpBodySchema, followUpListSchema, followUpSchema } from '@cairn/shared/follow-ups.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import * as service from './follow-ups.service.ts';

const tags = ['follow-ups'];

export function followUpsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/follow-ups',
    {
      ...requires('cases.read'),
      ...audited('read', 'follow_up'),
      schema: {
        operationId: 'listPlanFollowUps',
        summary: "List a plan's follow-ups, by month",
        tags,
        params: idParam,
        response: { 200: followUpListSchema, ...errorResponses },
      },
    },
    async (request) => service.listFollowUps(ctx.db, ctx.now, actorOf(request), request.params.id),
  );

  app.put(
    '/follow-ups/:id',
    {
      ...requires('cases.write'),
      ...audited('update', 'follow_up'),
      schema: {
        operationId: 'recordFollowUp',
        summary: 'Record a follow-up',
        tags,
        params: idParam,
        body: followUpBodySchema,
        response: { 200: followUpSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.recordFollowUp(ctx.db, ctx.now, actorOf(request), request.params.id, request.body),
  );
}
