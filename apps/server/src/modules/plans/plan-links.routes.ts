import {
  planBarrierListInputSchema,
  planBarrierListSchema,
  planSupportListInputSchema,
  planSupportListSchema,
  planTrainingListInputSchema,
  planTrainingListSchema,
} from '@cairn/shared/plans.schemas';
import { errorResponseSchema } from '@cairn/shared/errors';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { actorOf } from '../../plugins/auth.ts';
import * as items from './plan-links.service.ts';
import * as trainings from './plan-trainings.service.ts';
import { planPolicy } from './plans.policy.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const tags = ['plans'];

/** A plan's barriers, supports and trainings (spec §7 plan links): read, or replaced as a whole. */
export function planLinksRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/plans/:id/barriers',
    {
      ...planPolicy('read'),
      schema: { tags, params: idParam, response: { 200: planBarrierListSchema, ...errors } },
    },
    async (request) => items.listBarriers(ctx.db, actorOf(request), request.params.id),
  );
  app.put(
    '/plans/:id/barriers',
    {
      ...planPolicy('write'),
      schema: {
        tags,
        params: idParam,
        body: planBarrierListInputSchema,
        response: { 200: planBarrierListSchema, ...errors },
      },
    },
    async (request) =>
      items.replaceBarriers(
        ctx.db,
        actorOf(request),
        request.params.id,
        request.body.map((b) => ({ id: b.barrier_id, other_name: b.other_name })),
      ),
  );

  app.get(
    '/plans/:id/supports',
    {
      ...planPolicy('read'),
      schema: { tags, params: idParam, response: { 200: planSupportListSchema, ...errors } },
    },
    async (request) => items.listSupports(ctx.db, actorOf(request), request.params.id),
  );
  app.put(
    '/plans/:id/supports',
    {
      ...planPolicy('write'),
      schema: {
        tags,
        params: idParam,
        body: planSupportListInputSchema,
        response: { 200: planSupportListSchema, ...errors },
      },
    },
    async (request) =>
      items.replaceSupports(
        ctx.db,
        actorOf(request),
        request.params.id,
        request.body.map((s) => ({ id: s.support_id, other_name: s.other_name })),
      ),
  );

  app.get(
    '/plans/:id/trainings',
    {
      ...planPolicy('read'),
      schema: { tags, params: idParam, response: { 200: planTrainingListSchema, ...errors } },
    },
    async (request) => trainings.listTrainings(ctx.db, actorOf(request), request.params.id),
  );
  app.put(
    '/plans/:id/trainings',
    {
      ...planPolicy('write'),
      schema: {
        tags,
        params: idParam,
        body: planTrainingListInputSchema,
        response: { 200: planTrainingListSchema, ...errors },
      },
    },
    async (request) => trainings.replaceTrainings(ctx.db, actorOf(request), request.params.id, request.body),
  );
}
