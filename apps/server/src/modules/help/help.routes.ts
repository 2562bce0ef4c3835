import {
  helpArticleListSchema,
  helpArticlePageSchema,
  helpArticleParamsSchema,
  helpListQuerySchema,
  helpSearchQuerySchema,
  helpSearchResultSchema,
  supportContactSchema,
} from '@cairn/shared/help.schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, NO_AUTH } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requires } from '../access/access.policy.ts';
import { articlesByLocale, loadHelpIndex } from './help.repository.ts';
import * as service from './help.service.ts';

const tags = ['help'];
// The lists and search name no record, so they answer no 404 (an article does).
const helpErrors = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  414: errorResponses[414],
};

/**
 * The help centre (spec §2 Help): lists and search over the articles the build indexed, read once
 * here. Everyone signed in reads help (`help.read`); which categories is the role's (spec §6,
 * `helpCategoriesOf`), applied to every answer.
 */
export function helpRoutes(app: ZodApp, ctx: AppContext) {
  // Each reader reads the articles of their language (issue 34).
  const byLocale = articlesByLocale(
    loadHelpIndex(ctx.config.builtFiles.helpIndex, (message) => app.log.warn(message)),
  );
  const indexOf = (request: FastifyRequest) => byLocale[actorOf(request).locale];

  app.get(
    '/help/articles',
    {
      ...requires('help.read'),
      schema: {
        operationId: 'listHelpArticles',
        summary: 'List the help articles',
        tags,
        querystring: helpListQuerySchema,
        response: { 200: helpArticleListSchema, ...helpErrors },
      },
    },
    async (request) => service.listArticles(indexOf(request), actorOf(request), request.query.category),
  );

  // An article's body: only through here, for the roles that read its category (issue 27).
  app.get(
    '/help/articles/:category/:page',
    {
      ...requires('help.read'),
      schema: {
        tags,
        operationId: 'getHelpArticle',
        summary: 'One help article with its HTML, for a role that reads its category',
        params: helpArticleParamsSchema,
        response: { 200: helpArticlePageSchema, ...helpErrors, 404: errorResponses[404] },
      },
    },
    async (request) =>
      service.readArticle(indexOf(request), actorOf(request), request.params.category, request.params.page),
  );

  app.get(
    '/help/search',
    {
      ...requires('help.read'),
      schema: {
        operationId: 'searchHelpArticles',
        summary: 'Search the help articles',
        tags,
        querystring: helpSearchQuerySchema,
        response: { 200: helpSearchResultSchema, ...helpErrors },
      },
    },
    async (request) => service.searchArticles(indexOf(request), actorOf(request), request.query.q),
  );

  // Open to all: the error page may be reached before anything else has loaded.
  app.get(
    '/help/contact',
    {
      config: { public: true },
      schema: {
        operationId: 'getSupportContact',
        summary: 'The support contact',
        tags,
        security: NO_AUTH,
        response: { 200: supportContactSchema },
      },
    },
    async () => ({ support_email: ctx.config.supportEmail }),
  );
}
