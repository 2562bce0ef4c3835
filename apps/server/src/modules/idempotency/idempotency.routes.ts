import { errorResponseSchema } from '@cairn/shared/errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
} from '@cairn/shared/idempotency.schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { actorOf } from '../../plugins/auth.ts';
import { auditAnswer } from '../audit/audit.policy.ts';
import { runOnce } from './idempotency.service.ts';

const IDEMPOTENT = Symbol('idempotent');

/**
 * The handler of a create route that an Idempotency-Key makes safe to send twice: the route's one
 * line to opt in (`handler: idempotent(ctx, 201, (request, db) => service.create(db, …))`). Without
 * a key, `create` runs as any handler would. With one, it runs on the transaction that keeps the
 * key (so the record writes through `db`, never `ctx.db`) and a repeat answers the first answer.
 * Access and validation ran before: `requires()` first, then the route's schemas.
 */
export function idempotent<Request extends FastifyRequest, T>(
  ctx: AppContext,
  status: 200 | 201,
  create: (request: Request, db: Db) => Promise<T>,
) {
  async function handler(request: Request, reply: FastifyReply): Promise<T | void> {
    void reply.status(status);
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof key !== 'string') return create(request, ctx.db);
    const keyed = {
      userId: actorOf(request).userId,
      key,
      route: `${request.method} ${request.routeOptions.url}`,
      // A route's query, when it takes one, makes the request another too (a bulk action's skip flag).
      request: hasQuery(request.query)
        ? [request.params, request.body, request.query]
        : [request.params, request.body],
    };
    const answer = await runOnce(
      ctx,
      keyed,
      async (tx) => {
        const created = await create(request, tx);
        // The audit entry names the new record: the kept text below skips the answer's hooks.
        auditAnswer(request, created);
        // The answer as the route's response schema writes it: what is kept is what was sent.
        return { status, body: String(reply.serialize(created)) };
      },
      request,
    );
    if (answer.replayed) {
      void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      auditAnswer(request, JSON.parse(answer.body));
    }
    // Already written: sent as it is, and awaited (a reply is thenable) so nothing sends it twice.
    await reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
  }
  return Object.assign(handler, { [IDEMPOTENT]: true });
}

const hasQuery = (query: unknown) =>
  typeof query === 'object' && query !== null && Object.keys(query).length > 0;

/**
 * Every route whose handler is `idempotent(…)` documents and validates the Idempotency-Key header
 * and documents the 422 of a reused key: added here, once, as the route is registered.
 */
export function registerIdempotentRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!(IDEMPOTENT in route.handler)) return;
    route.schema = {
      ...route.schema,
      headers: idempotencyHeadersSchema,
      response: { ...(route.schema?.response as object | undefined), 422: errorResponseSchema },
    };
  });
}
