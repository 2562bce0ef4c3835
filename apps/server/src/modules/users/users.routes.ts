import { okResponseSchema } from '@cairn/shared/auth.schemas';
import {
  userCreateBodySchema,
  userCreateResponseSchema,
  userListSchema,
  userSchema,
  userUpdateBodySchema,
} from '@cairn/shared/users.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponsesWithConflict } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeUsers } from './users.policy.ts';
import * as service from './users.service.ts';

export function usersRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/users',
    { schema: { tags: ['users'], response: { 200: userListSchema, ...errorResponsesWithConflict } } },
    async (request) => {
      authorizeUsers(actorOf(request), 'list');
      return service.listUsers(ctx.db);
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: idParam,
        response: { 200: userSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      authorizeUsers(actorOf(request), 'read', request.params.id);
      return service.getUser(ctx.db, request.params.id);
    },
  );

  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        body: userCreateBodySchema,
        response: { 201: userCreateResponseSchema, ...errorResponsesWithConflict },
      },
    },
    async (request, reply) => {
      authorizeUsers(actorOf(request), 'create');
      return reply.status(201).send(await service.createUser(ctx, request.body));
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: idParam,
        body: userUpdateBodySchema,
        response: { 200: userSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      authorizeUsers(actor, 'update', request.params.id);
      return service.updateUser(ctx, actor, request.params.id, request.body);
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: idParam,
        response: { 200: okResponseSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      authorizeUsers(actorOf(request), 'delete', request.params.id);
      await service.deleteUser(ctx, request.params.id);
      return { ok: true as const };
    },
  );
}
