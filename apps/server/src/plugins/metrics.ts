import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { createMetrics, type Metrics } from '../lib/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's metrics (lib/metrics.ts), read by `GET /api/metrics`. */
    metrics: Metrics;
  }
}

/**
 * Counts every answered request by its route pattern (an address no route matched counts as
 * `unmatched`: its path is never a label, as it is never logged) and status, with its latency.
 * Registered first, so the audit writer can report its turns.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const metrics = createMetrics({ db: ctx.db, auditBacklog: () => app.audit.backlog, reports: ctx.reports });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
