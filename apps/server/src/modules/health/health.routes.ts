import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { ping } from '../../db/database.ts';
import { loggableError } from '../../db/loggable-error.ts';
import { NO_AUTH } from '../../lib/route-schemas.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});

export function healthRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        operationId: 'getHealth',
        summary: 'Whether the server and its database answer',
        tags: ['health'],
        security: NO_AUTH,
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping(ctx.db);
        return { status: 'ok' as const, database: ctx.dbKind };
      } catch (err) {
        request.log.error({ err: loggableError(err) }, 'database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const, database: ctx.dbKind });
      }
    },
  );
}
