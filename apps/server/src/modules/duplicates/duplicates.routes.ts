import { okResponseSchema } from '@cairn/shared/auth.schemas';
import {
  duplicateDismissBodySchema,
  duplicateListQuerySchema,
  duplicateListResponseSchema,
} from '@cairn/shared/duplicates.schemas';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requires } from '../access/access.policy.ts';
import { audited } from '../audit/audit.policy.ts';
import { dismissDuplicate, listDuplicates } from './duplicates.service.ts';

const tags = ['clients'];

export function duplicatesRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/clients/duplicates',
    {
      ...requires('cases.write'),
      ...audited('read', 'client', { list: true, id: 'none' }),
      schema: {
        operationId: 'listDuplicateClients',
        summary: 'List the possible duplicates, best first',
        description:
          'Pairs of clients likely to be one person (the matcher of issue 31: names with nicknames and ' +
          'typos, date of birth equal, swapped or one digit off, SIN, email, phone, postal code), each ' +
          "with its score (0–1) and reasons, best first, paged. Both clients lie within the caller's " +
          'scope, or within `centre_id` (one the caller reaches; another is 403 `client_centre_forbidden`). ' +
          'Pairs dismissed as two people are left out.',
        tags,
        querystring: duplicateListQuerySchema,
        response: { 200: duplicateListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listDuplicates(ctx.db, actorOf(request), request.query),
  );

  app.post(
    '/clients/duplicates/dismiss',
    {
      ...requires('cases.write'),
      ...audited('create', 'client', { id: 'none', details: { dismissed_duplicate: true } }),
      schema: {
        operationId: 'dismissDuplicateClients',
        summary: 'Mark two clients as different people',
        description:
          'The pair no longer shows in the possible duplicates. Both clients must lie within the ' +
          "caller's scope (404 otherwise); 400 `duplicate_dismiss_self` for the same client twice.",
        tags,
        body: duplicateDismissBodySchema,
        response: { 200: okResponseSchema, ...errorResponses },
      },
    },
    async (request) => dismissDuplicate(ctx.db, actorOf(request), request.body),
  );
}
