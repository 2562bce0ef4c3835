import { okResponseSchema } from '@cairn/shared/auth.schemas';
import {
  clientCreateBodySchema,
  clientCreateResponseSchema,
  clientExportQuerySchema,
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
import {
  clientMergeBodySchema,
  clientMergePreviewQuerySchema,
  clientMergePreviewSchema,
} from '@cairn/shared/client-merge.schemas';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, errorResponsesWithConflict } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires, scopeOf } from '../access/access.policy.ts';
import { workerFilterOf } from '../access/caseloads.policy.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';
import * as service from './clients.service.ts';
import { exportClients } from './clients-export.service.ts';
import { mergeClients, previewMerge } from './client-merge.service.ts';
import { xlsxAnswer } from '../../lib/xlsx-stream.ts';
import { reportFileSource } from '../../lib/report-source.ts';

const tags = ['clients'];

export function clientsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/clients',
    {
      ...requires('cases.read'),
      ...audited('read', 'client', { list: true }),
      schema: {
        operationId: 'listClients',
        summary: 'List the clients, paged, sorted and searched',
        description:
          "In the caller's scope. Filters (a report's figure or bar opens them): `centre_id`; " +
          '`start_date` and `end_date` with `counted` (`new`: intake in the range, `active`: a plan open ' +
          'in it, `served`: either, the default); `breakdown` and `key`, the served clients of one point ' +
          "of the clients dashboard's breakdown, keyed as the dashboard answers it (needs the range); " +
          "`worker`: `me` (the caller's clients), `none` (the unassigned) or a user's id (that worker's clients).",
        tags,
        querystring: clientListQuerySchema,
        response: { 200: clientListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return service.listClients(
        ctx.db,
        scopeOf(actor),
        request.query,
        workerFilterOf(actor, request.query.worker),
      );
    },
  );

  app.get(
    '/clients/export',
    {
      ...requires('cases.read'),
      ...audited('export', 'client', { id: 'none' }),
      schema: {
        tags,
        operationId: 'exportClients',
        summary: 'The client list as a spreadsheet',
        description:
          "The whole list GET /clients answers for the same search, filters and sort, in the caller's scope, as a " +
          'streamed .xlsx (no SIN). Read from the read replica while it is fresh enough, the header ' +
          '`X-Data-As-Of` then giving the time its data is as of (absent when read from the primary).',
        querystring: clientExportQuerySchema,
        response: { 200: xlsxAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = await reportFileSource(ctx.reports, request, reply);
      const actor = actorOf(request);
      const worker = workerFilterOf(actor, request.query.worker);
      return exportClients(db, request, reply, scopeOf(actor), request.query, worker);
    },
  );

  app.get(
    '/clients/minimal',
    {
      ...requires('cases.read'),
      ...audited('read', 'client', { list: true }),
      schema: {
        operationId: 'listClientOptions',
        summary: 'List the clients by name, to pick one',
        tags,
        querystring: clientOptionQuerySchema,
        response: { 200: clientOptionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(actorOf(request));
      return service.clientOptions(ctx.db, scope, request.query.s, request.query.limit);
    },
  );

  app.get(
    '/clients/search/:text',
    {
      ...requires('cases.read'),
      ...audited('read', 'client', { list: true }),
      schema: {
        operationId: 'searchClients',
        summary: 'Search the clients by name',
        tags,
        params: clientSearchParamsSchema,
        querystring: clientSearchQuerySchema,
        response: { 200: clientOptionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(actorOf(request));
      return service.clientOptions(ctx.db, scope, request.params.text, request.query.limit);
    },
  );

  app.post(
    '/clients',
    {
      ...requires('cases.write'),
      ...audited('create', 'client'),
      schema: {
        operationId: 'createClient',
        summary: 'Create a client (the intake)',
        tags,
        body: clientCreateBodySchema,
        response: { 201: clientCreateResponseSchema, ...errorResponses },
      },
    },
    idempotent(ctx, 201, (request, db) => {
      const actor = actorOf(request);
      return service.createClient({ ...ctx, db }, actor, scopeOf(actor), request.body);
    }),
  );

  app.post(
    '/clients/duplicates',
    {
      ...requires('cases.read'),
      ...audited('read', 'client', { list: true, id: 'none' }),
      schema: {
        operationId: 'findDuplicateClients',
        summary: 'Find clients like a new one',
        tags,
        body: duplicateCheckBodySchema,
        response: { 200: duplicateCheckResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(actorOf(request));
      return service.findDuplicates(ctx, scope, request.body);
    },
  );

  app.get(
    '/clients/:id',
    {
      ...requires('cases.read'),
      ...audited('read', 'client'),
      schema: {
        operationId: 'getClient',
        summary: 'Read one client',
        tags,
        params: idParam,
        response: { 200: clientSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(actorOf(request));
      return service.getClient(ctx.db, scope, request.params.id);
    },
  );

  app.put(
    '/clients/:id',
    {
      ...requires('cases.write'),
      ...audited('update', 'client'),
      schema: {
        operationId: 'updateClient',
        summary: 'Change a client',
        tags,
        params: idParam,
        body: clientUpdateBodySchema,
        response: { 200: clientSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(actorOf(request));
      return service.updateClient(ctx, scope, request.params.id, request.body, request);
    },
  );

  app.delete(
    '/clients/:id',
    {
      ...requires('cases.write'),
      ...audited('delete', 'client'),
      schema: {
        operationId: 'deleteClient',
        summary: 'Delete a client',
        tags,
        params: idParam,
        response: { 200: okResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(actorOf(request));
      await service.deleteClient(ctx.db, scope, request.params.id, request);
      return { ok: true as const };
    },
  );

  app.post(
    '/clients/:id/sin/reveal',
    {
      ...requires('cases.read'),
      ...audited('reveal', 'client', { id: 'param' }),
      schema: {
        operationId: 'revealClientSin',
        summary: "Show a client's SIN",
        description:
          '409 `sin_unreadable`: the SIN is stored under a client data key this server does not hold.',
        tags,
        params: idParam,
        response: { 200: sinRevealResponseSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const scope = scopeOf(actor);
      return service.revealSin(ctx, request.log, actor, scope, request.params.id);
    },
  );

  app.get(
    '/clients/:id/merge',
    {
      ...requires('cases.write'),
      ...audited('read', 'client', { id: 'param' }),
      schema: {
        operationId: 'previewClientMerge',
        summary: 'What merging another client into this one would move',
        description:
          "Counts the other client's plans, interaction records, stories, attachments and the group " +
          "memberships of this client's centre it would bring, and says whether both have an open plan " +
          "(the merge would then be refused). Both clients within the caller's scope.",
        tags,
        params: idParam,
        querystring: clientMergePreviewQuerySchema,
        response: { 200: clientMergePreviewSchema, ...errorResponses },
      },
    },
    async (request) => previewMerge(ctx.db, actorOf(request), request.params.id, request.query.other_id),
  );

  app.post(
    '/clients/:id/merge',
    {
      ...requires('cases.write'),
      ...audited('update', 'client', { id: 'none' }),
      schema: {
        operationId: 'mergeClients',
        summary: 'Merge another client into this one',
        description:
          "In one transaction: per field named in `keep`, the other client's value ('other') or this " +
          "one's ('this', also for every field not named; the SIN's stored values move as they are); " +
          "the other's plans, interaction records, stories, attachments and the group memberships of " +
          "this client's centre move here; the other client is removed and leaves a redirect " +
          "(`GET /clients/{other}` answers 404 `client_merged` with `merged_into`), and this client's " +
          "audit history includes the other's entries. Refused with 409 `client_merge_open_plans` when " +
          'both have an open plan, 400 `client_merge_self` for the same client; both clients must lie ' +
          "within the caller's scope (an Admin's: every centre). Answers this client's profile.",
        tags,
        params: idParam,
        body: clientMergeBodySchema,
        response: { 200: clientSchema, ...errorResponses },
      },
    },
    async (request) => mergeClients(ctx, actorOf(request), request.params.id, request.body),
  );
}
