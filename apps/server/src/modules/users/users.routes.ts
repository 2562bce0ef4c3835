import { okResponseSchema, requestResetResponseSchema } from '@cairn/shared/auth.schemas';
import {
  userCreateBodySchema,
  userCreateResponseSchema,
  userListQuerySchema,
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
        description:
          'Every user by full name, narrowed by a search of the name or email (`s`, any case), a role, ' +
          'a centre (-1: the users without one) and a status (active or inactive).',
        tags,
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.listUsers(ctx.db, request.query),
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
        description:
          'The invitation goes out in the new user’s language: `locale` (`en`, `fr`), else the ' +
          'creating Admin’s own. The user changes it later on their own account.',
        tags,
        body: userCreateBodySchema,
        response: { 201: userCreateResponseSchema, ...errorResponsesWithConflict },
      },
    },
    idempotent(ctx, 201, (request, db) =>
      service.createUser({ ...ctx, db }, request.body, request, actorOf(request).locale),
    ),
  );

  app.put(
    '/users/:id',
    {
      ...onAccount('update'),
      ...audited('update', 'user'),
      schema: {
        operationId: 'updateUser',
        summary: 'Change a user',
        description:
          'The whole user as the form sends it, or `active` alone: false deactivates the account (it ' +
          'cannot sign in, 403 account_deactivated, and every session of it ends at once), true ' +
          'reactivates it. Only an Admin may have no centre. Nobody changes their own role, centre ' +
          'or status.',
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

  for (const [path, purpose, operationId, summary] of [
    ['/users/:id/invitation', 'invite', 'resendInvitation', 'Email the user a new invitation'],
    ['/users/:id/password-reset', 'reset', 'sendPasswordReset', 'Email the user a password reset link'],
  ] as const) {
    app.post(
      path,
      {
        ...requires('users.manage'),
        ...audited('password_reset_request', 'user', { id: 'param' }),
        schema: {
          operationId,
          summary,
          description:
            'Voids the user’s earlier links and emails a new one to the Set New Password screen ' +
            '(an invitation lasts 7 days, a reset 30 minutes). 409 account_deactivated for a ' +
            'deactivated user. In demo mode the answer also has the link’s token and id.',
          tags,
          params: idParam,
          response: { 200: requestResetResponseSchema, ...errorResponsesWithConflict },
        },
      },
      async (request) => service.sendPasswordLinkTo(ctx, request.params.id, purpose, actorOf(request)),
    );
  }
}
