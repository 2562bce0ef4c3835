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
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import { onAccount } from '../access/users.policy.ts';
import * as service from './users.service.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';

const tags = ['users'];

export function usersRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/users',
    {
      ...requires('users.manage'),
      schema: {
        operationId: 'listUsers',
        summary: 'List the users',
        tags,
        response: { 200: userListSchema, ...errorResponsesWithConflict },
      },
    },
    async () => service.listUsers(ctx.db),
  );

  app.get(
    '/users/:id',
    {
      ...onAccount('read'),
      schema: {
        operationId: 'getUser',
        summary: 'Read one user',
        tags,
        params: idParam,
        response: { 200: userSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.getUser(ctx.db, request.params.id),
  );

  app.post(
    '/users',
    {
      ...requires('users.manage'),
      ...audited('create', 'user'),
      schema: {
        operationId: 'createUser',
        summary: 'Create a user and email the invitation',
        tags,
        body: userCreateBodySchema,
        response: { 201: userCreateResponseSchema, ...errorResponsesWithConflict },
      },
    },
    idempotent(ctx, 201, (request, db) => service.createUser({ ...ctx, db }, request.body, request)),
  );

  app.put(
    '/users/:id',
    {
      ...onAccount('update'),
      ...audited('update', 'user'),
      schema: {
        operationId: 'updateUser',
        summary: 'Change a user',
        tags,
        params: idParam,
        body: userUpdateBodySchema,
        response: { 200: userSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.updateUser(ctx, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    {
      ...onAccount('delete'),
      ...audited('delete', 'user'),
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete a user',
        tags,
        params: idParam,
        response: { 200: okResponseSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      await service.deleteUser(ctx, request.params.id, request);
      return { ok: true as const };
    },
  );
}
