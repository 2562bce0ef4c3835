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
import { errorResponseSchema } from '@cairn/shared/errors';
import { idParam } from '@cairn/shared/validators';
import type { FastifyRequest } from 'fastify';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { authorizeCatalogueRead } from './catalogue.policy.ts';
import * as service from './catalogue.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Checked before the input is parsed: a refused caller learns nothing from validation. */
const policy = {
  preValidation: async (request: FastifyRequest) => authorizeCatalogueRead(actorOf(request)),
};

export function catalogueRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/barriers',
    {
      ...policy,
      schema: {
        tags: ['catalogue'],
        querystring: catalogueListQuerySchema,
        response: { 200: barrierListSchema, ...errors },
      },
    },
    async (request) => service.listItems(ctx.db, 'barriers', request.query),
  );
  app.get(
    '/barriers/:id',
    {
      ...policy,
      schema: { tags: ['catalogue'], params: idParam, response: { 200: barrierSchema, ...errors } },
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
        response: { 200: supportListSchema, ...errors },
      },
    },
    async (request) => service.listItems(ctx.db, 'supports', request.query),
  );
  app.get(
    '/supports/:id',
    {
      ...policy,
      schema: { tags: ['catalogue'], params: idParam, response: { 200: supportSchema, ...errors } },
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
        response: { 200: trainingListSchema, ...errors },
      },
    },
    async (request) => service.listItems(ctx.db, 'trainings', request.query),
  );
  app.get(
    '/trainings/:id',
    {
      ...policy,
      schema: { tags: ['catalogue'], params: idParam, response: { 200: trainingSchema, ...errors } },
    },
    async (request) => service.getItem(ctx.db, 'trainings', request.params.id),
  );

  app.get(
    '/reporting/types',
    { ...policy, schema: { tags: ['reporting'], response: { 200: reportingTypeListSchema, ...errors } } },
    async () => service.listReportingTypes(ctx.db),
  );
}
