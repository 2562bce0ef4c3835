import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { withAuditContext, type AuditContext } from '../modules/audit/audit.policy.ts';
import { entryOf } from '../modules/audit/audit-entry.service.ts';
import { dropExpiredPartitions } from '../modules/audit/audit-retention.service.ts';
import { createAuditWriter, type AuditWriter } from '../modules/audit/audit-writer.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit trail's batched writer (tests flush it before reading the trail). */
    audit: AuditWriter;
  }
  interface FastifyRequest {
    auditContext: AuditContext | undefined;
    /** Called once the call's entry is queued (or the call was abandoned). */
    auditSettled: (() => void) | undefined;
  }
}

/** Retention runs at start and then once a day. */
const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The audit trail's hooks (docs/ARCHITECTURE.md, "The audit trail"). Every route declaring
 * `audited(...)` gets, for each call: a context the access layer and services fill while it
 * runs, the answer kept before it is written out, and one entry queued once it has answered,
 * allowed or refused (a 401 included: the context opens before the auth hook). The declaration is
 * also the route's `x-audit` in the API description. Registered before the auth hook and the routes.
 */
export function registerAudit(app: FastifyInstance, ctx: AppContext): void {
  const writer = createAuditWriter(ctx.db, app.log);
  // Calls answered whose entry is not queued yet: Fastify's onResponse runs a moment after the
  // answer has gone, so `flush` waits for them first (a test reads the trail right after a call).
  const answering = new Set<Promise<void>>();
  app.decorate('audit', {
    ...writer,
    async flush() {
      await Promise.all(answering);
      await writer.flush();
    },
  } satisfies AuditWriter);
  app.decorateRequest('auditContext', undefined);
  app.decorateRequest('auditSettled', undefined);
  const { enabled, retentionMonths } = ctx.config.audit;

  app.addHook('onRoute', (route) => {
    const spec = route.config?.audit;
    // An OpenAPI extension: @fastify/swagger copies a schema's `x-` keys into the operation.
    if (spec) route.schema = Object.assign({}, route.schema, { 'x-audit': spec });
  });

  const audited = (request: FastifyRequest) => (enabled ? request.routeOptions.config?.audit : undefined);

  app.addHook('onRequest', (request, _reply, done) => {
    if (!audited(request)) {
      done();
      return;
    }
    const context: AuditContext = { places: [], note: {} };
    request.auditContext = context;
    const queued = new Promise<void>((resolve) => {
      request.auditSettled = resolve;
    });
    answering.add(queued);
    void queued.then(() => answering.delete(queued));
    withAuditContext(context, done);
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.auditContext) request.auditContext.answer = payload;
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const spec = audited(request);
    if (spec) writer.enqueue(entryOf(spec, request, reply.statusCode, request.auditContext, new Date()));
    request.auditSettled?.();
  });
  app.addHook('onRequestAbort', async (request) => request.auditSettled?.());

  let retention: Promise<unknown> = Promise.resolve();
  const runRetention = () => {
    retention = retention
      .then(() => dropExpiredPartitions(ctx.db, writer, retentionMonths))
      .catch((err: unknown) => app.log.error({ err }, 'audit retention failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (!enabled) return;
    runRetention();
    timer = setInterval(runRetention, RETENTION_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await retention;
    await writer.close();
  });
}
