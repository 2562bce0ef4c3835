import { errorResponseSchema } from '@cairn/shared/errors';
import { roleListSchema } from '@cairn/shared/users.schemas';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { requires } from '../access/access.policy.ts';
import { listRoles } from './roles.repository.ts';

export function rolesRoutes(app: ZodApp, ctx: AppContext) {
  // Any signed-in user: the user form and profiles name roles.
  app.get(
    '/roles',
    {
      ...requires(null),
      schema: {
        operationId: 'listRoles',
        summary: 'List the roles',
        tags: ['roles'],
        response: { 200: roleListSchema, 401: errorResponseSchema },
      },
    },
    () => listRoles(ctx.db),
  );
}
