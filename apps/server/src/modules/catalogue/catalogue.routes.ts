import {
  barrierListSchema,
  barrierSchema,
  catalogueListQuerySchema,
  reportingTypeListSchema,
  supportListSchema,
  supportSchema,
  trainingListSchema,
  trainingSchema,
} from '@cairn/shared/catalogue.schemas';
import { idParam } from '@cairn/shared/validators';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requires } from '../access/access.policy.ts';
import * as service from './catalogue.service.ts';

/** Every catalogue route has the one rule: who may read the catalogue. */
const policy = requires('catalogue.read');

export function catalogueRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/barriers',
    {
      ...policy,
      schema: {
        tags: ['catalogue'],
        querystring: catalogueListQuerySchema,
        response: { 200: barrierListSchema, ...errorResponses },
      },
    },
    async (request) => service.listItems(ctx.db, 'barriers', request.query),
  );
  app.get(
    '/barriers/:id',
    {
      ...policy,
      schema: { tags: ['catalogue'], params: idParam, response: { 200: barrierSchema, ...errorResponses } },
    },
    async (request) => service.getItem(ctx.db, 'barriers', request.params.id),
  );

  app.get(
    '/supports',
    {
      ...policy,
      schema: {
        tags: ['catalogue'],
        querystring: catalogueListQuerySchema,
        response: { 200: supportListSchema, ...errorResponses },
      },
    },
    async (request) => service.listItems(ctx.db, 'supports', request.query),
  );
  app.get(
    '/supports/:id',
    {
      ...policy,
      schema: { tags: ['catalogue'], params: idParam, response: { 200: supportSchema, ...errorResponses } },
    },
    async (request) => service.getItem(ctx.db, 'supports', request.params.id),
  );

  app.get(
    '/trainings',
    {
      ...policy,
      schema: {
        tags: ['catalogue'],
        querystring: catalogueListQuerySchema,
        response: { 200: trainingListSchema, ...errorResponses },
      },
    },
    async (request) => service.listItems(ctx.db, 'trainings', request.query),
  );
  app.get(
    '/trainings/:id',
    {
      ...policy,
      schema: { tags: ['catalogue'], params: idParam, response: { 200: trainingSchema, ...errorResponses } },
    },
    async (request) => service.getItem(ctx.db, 'trainings', request.params.id),
  );

  app.get(
    '/reporting/types',
    {
      ...policy,
      schema: { tags: ['reporting'], response: { 200: reportingTypeListSchema, ...errorResponses } },
    },
    async () => service.listReportingTypes(ctx.db),
  );
}
