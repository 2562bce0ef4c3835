import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { NO_AUTH } from '../../lib/route-schemas.ts';

/** The same length and bytes, compared in constant time. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /api/metrics`: Prometheus' text format (lib/metrics.ts), for a scraper holding
 * METRICS_TOKEN as its bearer token. Without METRICS_TOKEN the route is not served at all (404, as
 * any unknown path); with a missing or wrong token, 401. No user signs in here: the token is the
 * monitoring system's, and nothing personal is ever a label.
 */
export function metricsRoutes(app: ZodApp, ctx: AppContext) {
  const token = ctx.config.metricsToken;
  app.get(
    '/metrics',
    {
      config: { public: true },
      schema: {
        operationId: 'getMetrics',
        summary: "The server's metrics in Prometheus' text format (METRICS_TOKEN as bearer token)",
        tags: ['health'],
        security: NO_AUTH,
        response: {
          200: z.string().meta({ description: "Prometheus' text exposition format" }),
          401: z.null().meta({ type: 'null', description: 'METRICS_TOKEN missing or wrong' }),
          404: z.null().meta({ type: 'null', description: 'METRICS_TOKEN is not set' }),
        },
      },
    },
    async (request, reply) => {
      if (!token) return reply.callNotFound();
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send(null);
      }
      const text = await request.server.metrics.registry.metrics();
      return reply.type(request.server.metrics.registry.contentType).send(text);
    },
  );
}
