import {
  planBarrierListInputSchema,
  planBarrierListSchema,
  planSupportListInputSchema,
  planSupportListSchema,
  planTrainingListInputSchema,
  planTrainingListSchema,
} from '@cairn/shared/plans.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import * as items from './plan-links.service.ts';
import * as trainings from './plan-trainings.service.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';

const tags = ['plans'];
/** A plan's barriers, supports and trainings (spec §7 plan links): read, or replaced as a whole. */
export function planLinksRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/barriers',
    {
      ...requires('cases.read'),
      ...audited('read', 'plan_link', { id: 'none', details: { list: 'barriers' } }),
      schema: {
        operationId: 'listPlanBarriers',
        summary: "List a plan's barriers",
        tags,
        params: idParam,
        response: { 200: planBarrierListSchema, ...errorResponses },
      },
    },
    async (request) => items.listItems(ctx.db, actorOf(request), request.params.id, items.BARRIERS),
  );
  app.put(
    '/plans/:id/barriers',
    {
      ...requires('cases.write'),
      ...audited('update', 'plan_link', { id: 'none', details: { list: 'barriers' } }),
      schema: {
        operationId: 'setPlanBarriers',
        summary: "Replace a plan's barriers",
        tags,
        params: idParam,
        body: planBarrierListInputSchema,
        response: { 200: planBarrierListSchema, ...errorResponses },
      },
    },
    async (request) =>
      items.replaceItems(
        ctx.db,
        actorOf(request),
        request.params.id,
        items.BARRIERS,
        request.body.map((b) => ({ id: b.barrier_id, other_name: b.other_name })),
      ),
  );

  app.get(
    '/plans/:id/supports',
    {
      ...requires('cases.read'),
      ...audited('read', 'plan_link', { id: 'none', details: { list: 'supports' } }),
      schema: {
        operationId: 'listPlanSupports',
        summary: "List a plan's supports",
        tags,
        params: idParam,
        response: { 200: planSupportListSchema, ...errorResponses },
      },
    },
    async (request) => items.listItems(ctx.db, actorOf(request), request.params.id, items.SUPPORTS),
  );
  app.put(
    '/plans/:id/supports',
    {
      ...requires('cases.write'),
      ...audited('update', 'plan_link', { id: 'none', details: { list: 'supports' } }),
      schema: {
        operationId: 'setPlanSupports',
        summary: "Replace a plan's supports",
        tags,
        params: idParam,
        body: planSupportListInputSchema,
        response: { 200: planSupportListSchema, ...errorResponses },
      },
    },
    async (request) =>
      items.replaceItems(
        ctx.db,
        actorOf(request),
        request.params.id,
        items.SUPPORTS,
        request.body.map((s) => ({ id: s.support_id, other_name: s.other_name })),
      ),
  );

  app.get(
    '/plans/:id/trainings',
    {
      ...requires('cases.read'),
      ...audited('read', 'plan_link', { id: 'none', details: { list: 'trainings' } }),
      schema: {
        operationId: 'listPlanTrainings',
        summary: "List a plan's trainings",
        tags,
        params: idParam,
        response: { 200: planTrainingListSchema, ...errorResponses },
      },
    },
    async (request) => trainings.listTrainings(ctx.db, actorOf(request), request.params.id),
  );
  app.put(
    '/plans/:id/trainings',
    {
      ...requires('cases.write'),
      ...audited('update', 'plan_link', { id: 'none', details: { list: 'trainings' } }),
      schema: {
        operationId: 'setPlanTrainings',
        summary: "Replace a plan's trainings",
        tags,
        params: idParam,
        body: planTrainingListInputSchema,
        response: { 200: planTrainingListSchema, ...errorResponses },
      },
    },
    async (request) => trainings.replaceTrainings(ctx.db, actorOf(request), request.params.id, request.body),
  );
}
