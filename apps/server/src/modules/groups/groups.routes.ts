import {
  groupAddClientsBodySchema,
  groupBulkInteractionBodySchema,
  groupBulkPlanQuerySchema,
  groupBulkResultSchema,
  groupBulkSupportBodySchema,
  groupBulkTrainingBodySchema,
  groupCreateBodySchema,
  groupListQuerySchema,
  groupListResponseSchema,
  groupPlanCheckSchema,
  groupSchema,
  groupUpdateBodySchema,
} from '@cairn/shared/groups.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, errorResponsesWithConflict, noContent } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';
import * as bulk from './group-bulk.service.ts';
import * as service from './groups.service.ts';

const tags = ['groups'];

/** Spec §7 Groups: a Coordinator's own centre's groups; Admins read every centre's. */
export function groupsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/groups',
    {
      ...requires('groups.read'),
      ...audited('read', 'group', { id: 'none' }),
      schema: {
        operationId: 'listGroups',
        summary: 'List the groups',
        tags,
        querystring: groupListQuerySchema,
        response: { 200: groupListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listGroups(ctx.db, actorOf(request), request.query),
  );

  app.post(
    '/groups',
    {
      ...requires('groups.manage'),
      ...audited('create', 'group', { list: true }),
      schema: {
        operationId: 'createGroup',
        summary: 'Create a group',
        tags,
        body: groupCreateBodySchema,
        response: { 201: groupSchema, ...errorResponses },
      },
    },
    idempotent(ctx, 201, (request, db) => service.createGroup(db, actorOf(request), request.body)),
  );

  app.get(
    '/groups/:id',
    {
      ...requires('groups.read'),
      ...audited('read', 'group', { list: true }),
      schema: {
        operationId: 'getGroup',
        summary: 'Read one group with its members',
        tags,
        params: idParam,
        response: { 200: groupSchema, ...errorResponses },
      },
    },
    async (request) => service.getGroup(ctx.db, actorOf(request), request.params.id),
  );

  app.put(
    '/groups/:id',
    {
      ...requires('groups.manage'),
      ...audited('update', 'group', { list: true }),
      schema: {
        operationId: 'updateGroup',
        summary: 'Change a group',
        tags,
        params: idParam,
        body: groupUpdateBodySchema,
        response: { 200: groupSchema, ...errorResponses },
      },
    },
    async (request) => service.updateGroup(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/groups/:id',
    {
      ...requires('groups.manage'),
      ...audited('delete', 'group'),
      schema: {
        operationId: 'deleteGroup',
        summary: 'Delete a group',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.deleteGroup(ctx.db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/groups/:id/clients',
    {
      ...requires('groups.manage'),
      ...audited('update', 'group', { id: 'param', list: true, details: { members: 'added' } }),
      schema: {
        operationId: 'addGroupClients',
        summary: 'Add clients to a group',
        tags,
        params: idParam,
        body: groupAddClientsBodySchema,
        response: { 200: groupSchema, ...errorResponses },
      },
    },
    async (request) => service.addClients(ctx.db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/groups/:id/check-plans',
    {
      ...requires('groups.read'),
      ...audited('read', 'group', { id: 'param', list: true, details: { check: 'open_plans' } }),
      schema: {
        operationId: 'checkGroupPlans',
        summary: "List a group's members without an open plan",
        tags,
        params: idParam,
        response: { 200: groupPlanCheckSchema, ...errorResponses },
      },
    },
    async (request) => service.checkPlans(ctx.db, actorOf(request), request.params.id),
  );

  app.post(
    '/groups/:id/bulk-create/interaction',
    {
      ...requires('groups.manage'),
      ...audited('create', 'interaction', { id: 'none', details: { bulk: 'interaction' } }),
      schema: {
        operationId: 'recordGroupInteractions',
        summary: 'Record interactions for every member of a group',
        tags,
        params: idParam,
        body: groupBulkInteractionBodySchema,
        response: { 201: groupBulkResultSchema, ...errorResponses },
      },
    },
    idempotent(ctx, 201, (request, db) =>
      bulk.addInteractions(db, actorOf(request), request.params.id, request.body),
    ),
  );

  app.post(
    '/groups/:id/bulk-create/support',
    {
      ...requires('groups.manage'),
      ...audited('create', 'plan_link', { id: 'none', details: { bulk: 'support' } }),
      schema: {
        operationId: 'addGroupSupports',
        summary: "Add supports to every member's open plan",
        description:
          'With skip_members_without_open_plan=true, to the members who have an open plan, naming those skipped; without it, a member without one is a 409.',
        tags,
        params: idParam,
        querystring: groupBulkPlanQuerySchema,
        body: groupBulkSupportBodySchema,
        response: { 201: groupBulkResultSchema, ...errorResponsesWithConflict },
      },
    },
    idempotent(ctx, 201, (request, db) =>
      bulk.addSupports(db, actorOf(request), request.params.id, request.body, {
        skipWithoutPlan: request.query.skip_members_without_open_plan,
      }),
    ),
  );

  app.post(
    '/groups/:id/bulk-create/training',
    {
      ...requires('groups.manage'),
      ...audited('create', 'plan_link', { id: 'none', details: { bulk: 'training' } }),
      schema: {
        operationId: 'addGroupTrainings',
        summary: "Add trainings to every member's open plan",
        description:
          'With skip_members_without_open_plan=true, to the members who have an open plan, naming those skipped; without it, a member without one is a 409.',
        tags,
        params: idParam,
        querystring: groupBulkPlanQuerySchema,
        body: groupBulkTrainingBodySchema,
        response: { 201: groupBulkResultSchema, ...errorResponsesWithConflict },
      },
    },
    idempotent(ctx, 201, (request, db) =>
      bulk.addTrainings(db, actorOf(request), request.params.id, request.body, {
        skipWithoutPlan: request.query.skip_members_without_open_plan,
      }),
    ),
  );
}
