import {
  barrierBodySchema,
  barrierListSchema,
  barrierSchema,
  catalogueListQuerySchema,
  reportingTypeListSchema,
  supportBodySchema,
  supportListSchema,
  supportSchema,
  trainingBodySchema,
  trainingListSchema,
  trainingSchema,
} from '@cairn/shared/catalogue.schemas';
import { idParam } from '@cairn/shared/validators';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, errorResponsesWithConflict } from '../../lib/route-schemas.ts';
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';
import * as service from './catalogue.service.ts';

const tags = ['catalogue'];

/** Each kind's schemas: its item, its list and its save's body (spec §3, §7). */
const KINDS = {
  barriers: { item: barrierSchema, list: barrierListSchema, body: barrierBodySchema },
  supports: { item: supportSchema, list: supportListSchema, body: supportBodySchema },
  trainings: { item: trainingSchema, list: trainingListSchema, body: trainingBodySchema },
} as const;

/** A list not changed since the version the browser holds (If-None-Match): no body. */
const notModified = z
  .null()
  .meta({ type: 'null', description: 'Not modified: the list the browser holds is current.' });

/** The version a request says it holds, from If-None-Match (one or several, weak or strong). */
function heldVersions(header: string | string[] | undefined): string[] {
  return (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((v) => v.trim().replace(/^W\//, ''))
    .filter(Boolean);
}

/**
 * The catalogue of spec §7: every signed-in user reads it (the plan screens offer it, reports name
 * it); only Admins change it (Mappings). Each list carries its version as an ETag, so a browser may
 * keep it (spec §9: 168 hours) and still see another user's change on its next request.
 */
export function catalogueRoutes(app: ZodApp, ctx: AppContext) {
  for (const kind of Object.keys(KINDS) as Array<keyof typeof KINDS>) {
    const schemas = KINDS[kind];
    const [one, One] = [kind.slice(0, -1), kind[0]!.toUpperCase() + kind.slice(1, -1)];
    app.get(
      `/${kind}`,
      {
        ...requires('catalogue.read'),
        schema: {
          operationId: `list${One}s`,
          summary: `List the catalogue's ${kind}`,
          tags,
          querystring: catalogueListQuerySchema,
          response: { 200: schemas.list, 304: notModified, ...errorResponses },
        },
      },
      async (request, reply) => {
        // Quoted as HTTP wants it; the query is part of the address, so each list has its own.
        const etag = `"${await service.listVersion(ctx.db, kind)}${request.query.disabled ? '-d' : ''}"`;
        void reply.header('etag', etag).header('cache-control', 'private, no-cache');
        if (heldVersions(request.headers['if-none-match']).includes(etag)) {
          return reply.status(304).send(null);
        }
        return service.listItems(ctx.db, kind, request.query);
      },
    );
    app.get(
      `/${kind}/:id`,
      {
        ...requires('catalogue.read'),
        schema: {
          operationId: `get${One}`,
          summary: `Read one ${one} of the catalogue`,
          tags,
          params: idParam,
          response: { 200: schemas.item, ...errorResponses },
        },
      },
      async (request) => service.getItem(ctx.db, kind, request.params.id),
    );
    app.post(
      `/${kind}`,
      {
        ...requires('catalogue.manage'),
        ...audited('create', 'catalogue', { details: { list: kind } }),
        schema: {
          operationId: `create${One}`,
          summary: `Add a ${one} to the catalogue`,
          tags,
          body: schemas.body,
          response: { 201: schemas.item, ...errorResponsesWithConflict },
        },
      },
      idempotent(ctx, 201, (request, db) => service.createItem(db, kind, request.body, request)),
    );
    app.put(
      `/${kind}/:id`,
      {
        ...requires('catalogue.manage'),
        ...audited('update', 'catalogue', { details: { list: kind } }),
        schema: {
          operationId: `update${One}`,
          summary: `Change a ${one} of the catalogue`,
          tags,
          params: idParam,
          body: schemas.body,
          response: { 200: schemas.item, ...errorResponsesWithConflict },
        },
      },
      async (request) => service.updateItem(ctx.db, kind, request.params.id, request.body, request),
    );
  }

  app.get(
    '/reporting/types',
    {
      ...requires('catalogue.read'),
      schema: {
        operationId: 'listReportingTypes',
        summary: 'List the reporting types',
        tags: ['reporting'],
        response: { 200: reportingTypeListSchema, ...errorResponses },
      },
    },
    async () => service.listReportingTypes(ctx.db),
  );
}
