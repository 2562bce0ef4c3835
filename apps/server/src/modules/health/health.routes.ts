import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { ping } from '../../db/database.ts';
import { loggableError } from '../../db/loggable-error.ts';
import { NO_AUTH } from '../../lib/route-schemas.ts';
import { readiness } from './health.service.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});

const liveSchema = z.object({ status: z.literal('ok') });

const checkState = z.enum(['ok', 'failed']);
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  process: z.enum(['ok', 'stopping']),
  database: checkState,
  migrations: z.enum(['ok', 'behind', 'ahead', 'unknown']),
  audit: checkState,
  /** The read replica: `none` without REPLICA_URL; any other state leaves the process ready (reports read the primary). */
  replica: z.enum(['none', 'ok', 'lagging', 'not_streaming', 'unreachable']),
  /** The scheduled backups (BACKUP_CRON): reported, never a reason to be unready. */
  backup: z.enum(['ok', 'failed', 'off']),
});

export function healthRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/health/live',
    {
      config: { public: true },
      schema: {
        operationId: 'getLiveness',
        summary: 'Whether the process answers (for a supervisor: restart it when it does not)',
        tags: ['health'],
        security: NO_AUTH,
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { public: true },
      schema: {
        operationId: 'getReadiness',
        summary:
          'Whether the process should be sent requests: database, migrations, audit trail (and how the scheduled backups went)',
        description:
          'Also lists the read replica (`replica`: `none` without REPLICA_URL), which never makes ' +
          'the process unready: reports read the primary while it is not `ok`.',
        tags: ['health'],
        security: NO_AUTH,
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      const { ready, ...checks } = await readiness(ctx, request.server);
      if (!ready) request.log.warn({ checks }, 'not ready');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', ...checks });
    },
  );

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
