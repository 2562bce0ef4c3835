import { okResponseSchema } from '@cairn/shared/auth.schemas';
import {
  centreBodySchema,
  centreCreateResponseSchema,
  centreListSchema,
  centreSchema,
} from '@cairn/shared/centres.schemas';
import { errorResponseSchema } from '@cairn/shared/errors';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeCentres } from './centres.policy.ts';
import * as service from './centres.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export function centresRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/centres',
    { schema: { tags: ['centres'], response: { 200: centreListSchema, ...errors } } },
    async (request) => {
      authorizeCentres(actorOf(request), 'list');
      return service.listCentres(ctx.db);
    },
  );

  app.get(
    '/centres/:id',
    { schema: { tags: ['centres'], params: idParam, response: { 200: centreSchema, ...errors } } },
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
        response: { 201: centreCreateResponseSchema, ...errors },
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
        response: { 200: centreSchema, ...errors },
      },
    },
    async (request) => {
      authorizeCentres(actorOf(request), 'update');
      return service.updateCentre(ctx.db, request.params.id, request.body);
    },
  );

  app.delete(
    '/centres/:id',
    { schema: { tags: ['centres'], params: idParam, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      authorizeCentres(actorOf(request), 'delete');
      await service.deleteCentre(ctx.db, request.params.id);
      return { ok: true as const };
    },
  );
}
