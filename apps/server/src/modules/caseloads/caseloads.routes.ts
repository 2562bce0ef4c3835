import {
  clientReassignBodySchema,
  clientReassignResultSchema,
  workerListSchema,
  workerQuerySchema,
} from '@cairn/shared/caseloads.schemas';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requires } from '../access/access.policy.ts';
import { audited } from '../audit/audit.policy.ts';
import * as service from './caseloads.service.ts';

/** Caseloads (issue 32): the workers a centre's clients may be given, and reassigning clients. */
export function caseloadsRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/workers',
    {
      ...requires('cases.read'),
      schema: {
        operationId: 'listWorkers',
        summary: "List the workers a centre's clients may be given",
        description:
          "The centre's active Coordinators, by name; the centre within the caller's scope (404 otherwise).",
        tags: ['caseloads'],
        querystring: workerQuerySchema,
        response: { 200: workerListSchema, ...errorResponses },
      },
    },
    async (request) => service.listWorkers(ctx.db, actorOf(request), request.query.centre_id),
  );

  app.post(
    '/clients/reassign',
    {
      ...requires('cases.write'),
      ...audited('update', 'client', { id: 'none' }),
      schema: {
        operationId: 'reassignClients',
        summary: 'Give clients another worker, or none',
        description:
          'The clients of `client_ids` (at most 1,000), or every client of `from_worker_id` within the ' +
          "caller's scope (a worker leaving), one of the two, get `worker_id` (null: unassigned), in one " +
          "transaction. Every client must lie within the caller's scope (404 otherwise, nothing changed), " +
          "and the worker must be an active Coordinator of every client's centre (400 " +
          '`worker_not_eligible` on `worker_id`). One audit entry per client changed.',
        tags: ['caseloads'],
        body: clientReassignBodySchema,
        response: { 200: clientReassignResultSchema, ...errorResponses },
      },
    },
    async (request) => service.reassignClients(ctx.db, actorOf(request), request.body),
  );
}
