import {
  helpArticleListSchema,
  helpListQuerySchema,
  helpSearchQuerySchema,
  helpSearchResultSchema,
  supportContactSchema,
} from '@cairn/shared/help.schemas';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, NO_AUTH } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requires } from '../access/access.policy.ts';
import { loadHelpIndex } from './help.repository.ts';
import * as service from './help.service.ts';

const tags = ['help'];
// No record is named, so nothing answers 404.
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
  const index = loadHelpIndex(ctx.config.builtFiles.helpIndex, (message) => app.log.warn(message));

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
    async (request) => service.listArticles(index, actorOf(request), request.query.category),
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
    async (request) => service.searchArticles(index, actorOf(request), request.query.q),
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
