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
import { audited } from '../audit/audit.policy.ts';
import { requires } from '../access/access.policy.ts';
import * as service from './centres.service.ts';
import { idempotent } from '../idempotency/idempotency.routes.ts';

const tags = ['centres'];
/** Every signed-in user reads centres (report filters, user profiles name them); only Admins manage them. */
const anySignedIn = requires(null);
const manage = requires('centres.manage');

export function centresRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/centres',
    {
      ...anySignedIn,
      schema: {
        operationId: 'listCentres',
        summary: 'List the centres',
        tags,
        response: { 200: centreListSchema, ...errorResponsesWithConflict },
      },
    },
    async () => service.listCentres(ctx.db),
  );

  app.get(
    '/centres/:id',
    {
      ...anySignedIn,
      schema: {
        operationId: 'getCentre',
        summary: 'Read one centre',
        tags,
        params: idParam,
        response: { 200: centreSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.getCentre(ctx.db, request.params.id),
  );

  app.post(
    '/centres',
    {
      ...manage,
      ...audited('create', 'centre'),
      schema: {
        operationId: 'createCentre',
        summary: 'Create a centre',
        tags,
        body: centreBodySchema,
        response: { 201: centreCreateResponseSchema, ...errorResponsesWithConflict },
      },
    },
    idempotent(ctx, 201, (request, db) => service.createCentre(db, request.body, request)),
  );

  app.put(
    '/centres/:id',
    {
      ...manage,
      ...audited('update', 'centre'),
      schema: {
        operationId: 'updateCentre',
        summary: 'Change a centre',
        tags,
        params: idParam,
        body: centreBodySchema,
        response: { 200: centreSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => service.updateCentre(ctx.db, request.params.id, request.body, request),
  );

  app.delete(
    '/centres/:id',
    {
      ...manage,
      ...audited('delete', 'centre'),
      schema: {
        operationId: 'deleteCentre',
        summary: 'Delete a centre',
        tags,
        params: idParam,
        response: { 200: okResponseSchema, ...errorResponsesWithConflict },
      },
    },
    async (request) => {
      await service.deleteCentre(ctx.db, request.params.id, request);
      return { ok: true as const };
    },
  );
}
