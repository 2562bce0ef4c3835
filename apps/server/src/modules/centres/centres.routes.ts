import { okResponseSchema } from '@cairn/shared/auth.schemas';
import {
  centreBodySchema,
  centreCreateResponseSchema,
  centreListSchema,
  centreSchema,
} from '@cairn/shared/centres.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponsesWithConflict } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeCentres } from './centres.policy.ts';
import * as service from './centres.service.ts';

export function centresRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/centres',
    { schema: { tags: ['centres'], response: { 200: centreListSchema, ...errorResponsesWithConflict } } },
    async (request) => {
      authorizeCentres(actorOf(request), 'list');
      return service.listCentres(ctx.db);
    },
  );

  app.get(
    '/centres/:id',
    {
      schema: {
        tags: ['centres'],
        params: idParam,
        response: { 200: centreSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      authorizeCentres(actorOf(request), 'read');
      return service.getCentre(ctx.db, request.params.id);
    },
  );

  app.post(
    '/centres',
    {
      schema: {
        tags: ['centres'],
        body: centreBodySchema,
        response: { 201: centreCreateResponseSchema, ...errorResponsesWithConflict },
      },
    },
    async (request, reply) => {
      authorizeCentres(actorOf(request), 'create');
      return reply.status(201).send(await service.createCentre(ctx.db, request.body));
    },
  );

  app.put(
    '/centres/:id',
    {
      schema: {
        tags: ['centres'],
        params: idParam,
        body: centreBodySchema,
        response: { 200: centreSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      authorizeCentres(actorOf(request), 'update');
      return service.updateCentre(ctx.db, request.params.id, request.body);
    },
  );

  app.delete(
    '/centres/:id',
    {
      schema: {
        tags: ['centres'],
        params: idParam,
        response: { 200: okResponseSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      authorizeCentres(actorOf(request), 'delete');
      await service.deleteCentre(ctx.db, request.params.id);
      return { ok: true as const };
    },
  );
}
