import { okResponseSchema } from '@cairn/shared/auth.schemas';
import {
  clientCreateBodySchema,
  clientCreateResponseSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  clientOptionListSchema,
  clientOptionQuerySchema,
  clientSchema,
  clientSearchParamsSchema,
  clientSearchQuerySchema,
  clientUpdateBodySchema,
  duplicateCheckBodySchema,
  duplicateCheckResponseSchema,
  sinRevealResponseSchema,
} from '@cairn/shared/clients.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { preValidationPolicy } from '../../lib/route-policy.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeClients, clientScope } from './clients.policy.ts';
import * as service from './clients.service.ts';

const tags = ['clients'];

const policy = preValidationPolicy(authorizeClients);

export function clientsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/clients',
    {
      ...policy('list'),
      schema: {
        tags,
        querystring: clientListQuerySchema,
        response: { 200: clientListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = clientScope(actorOf(request));
      return service.listClients(ctx.db, scope, request.query);
    },
  );

  app.get(
    '/clients/minimal',
    {
      ...policy('options'),
      schema: {
        tags,
        querystring: clientOptionQuerySchema,
        response: { 200: clientOptionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = clientScope(actorOf(request));
      return service.clientOptions(ctx.db, scope, request.query.s, request.query.limit);
    },
  );

  app.get(
    '/clients/search/:text',
    {
      ...policy('options'),
      schema: {
        tags,
        params: clientSearchParamsSchema,
        querystring: clientSearchQuerySchema,
        response: { 200: clientOptionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = clientScope(actorOf(request));
      return service.clientOptions(ctx.db, scope, request.params.text, request.query.limit);
    },
  );

  app.post(
    '/clients',
    {
      ...policy('create'),
      schema: {
        tags,
        body: clientCreateBodySchema,
        response: { 201: clientCreateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const scope = clientScope(actor);
      return reply.status(201).send(await service.createClient(ctx, actor, scope, request.body));
    },
  );

  app.post(
    '/clients/duplicates',
    {
      ...policy('checkDuplicates'),
      schema: {
        tags,
        body: duplicateCheckBodySchema,
        response: { 200: duplicateCheckResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = clientScope(actorOf(request));
      return service.findDuplicates(ctx, scope, request.body);
    },
  );

  app.get(
    '/clients/:id',
    {
      ...policy('read'),
      schema: { tags, params: idParam, response: { 200: clientSchema, ...errorResponses } },
    },
    async (request) => {
      const scope = clientScope(actorOf(request));
      return service.getClient(ctx.db, scope, request.params.id);
    },
  );

  app.put(
    '/clients/:id',
    {
      ...policy('update'),
      schema: {
        tags,
        params: idParam,
        body: clientUpdateBodySchema,
        response: { 200: clientSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = clientScope(actorOf(request));
      return service.updateClient(ctx, scope, request.params.id, request.body);
    },
  );

  app.delete(
    '/clients/:id',
    {
      ...policy('delete'),
      schema: { tags, params: idParam, response: { 200: okResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const scope = clientScope(actorOf(request));
      await service.deleteClient(ctx.db, scope, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/clients/:id/sin/reveal',
    {
      ...policy('revealSin'),
      schema: { tags, params: idParam, response: { 200: sinRevealResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const actor = actorOf(request);
      const scope = clientScope(actor);
      return service.revealSin(ctx, request.log, actor, scope, request.params.id);
    },
  );
}
