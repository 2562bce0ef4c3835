import { errorResponseSchema } from '@cairn/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { everyDay } from '../lib/daily-job.ts';
import { HttpError } from '../lib/http-error.ts';
import { isChange, type AuditContext } from '../modules/audit/audit.policy.ts';
import { startCheckpoints } from '../modules/audit/audit-checkpoint.service.ts';
import { entryOf, idSourceOf } from '../modules/audit/audit-entry.service.ts';
import { writerChainKeys } from '../modules/audit/audit-key.service.ts';
import { dropExpiredPartitions } from '../modules/audit/audit-retention.service.ts';
import { createAuditWriter, type AuditWriter } from '../modules/audit/audit-writer.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The audit trail's batched writer (tests flush it before reading the trail), and the count of
     * changes answered whose entry was not written in their transaction (a service that wrote
     * outside `auditedTransaction`): always 0, which every integration test checks as it closes.
     */
    audit: AuditWriter & { readonly unrecordedChanges: number };
  }
  interface FastifyRequest {
    auditContext: AuditContext | undefined;
  }
}

/**
 * Calls answered whose entry is not queued yet: Fastify's onResponse runs a moment after the
 * answer has gone, so a flush waits for them first (a test reads the trail right after a call).
 * A count and the waiters of its next zero: nothing is allocated per call.
 */
function createAnsweringCount() {
  let open = 0;
  let waiters: Array<() => void> = [];
  return {
    start() {
      open += 1;
    },
    end() {
      open -= 1;
      if (open > 0 || waiters.length === 0) return;
      const settled = waiters;
      waiters = [];
      for (const resolve of settled) resolve();
    },
    idle(): Promise<void> {
      return open === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

/**
 * The audit trail's hooks (docs/ARCHITECTURE.md, "The audit trail"). Every route declaring
 * `audited(...)` gets, for each call: a context the access layer and services fill while it
 * runs, the answer kept before it is written out, and one entry queued once it has answered,
 * allowed or refused (a 401 included: the context opens before the auth hook). The declaration is
 * also the route's `x-audit` in the API description. Registered before the auth hook and the routes.
 * The hooks take callbacks, not promises: they run on every audited call.
 */
export function registerAudit(app: FastifyInstance, ctx: AppContext): void {
  const { enabled, retentionMonths, queueMax, flushEveryMs, checkpointFile, checkpointEveryMs } =
    ctx.config.audit;
  const chainKeys = writerChainKeys(ctx.config);
  // The chain's head anchored outside the database: every five minutes, at a key rotation's
  // record (audit-rotation.service.ts), and at the close.
  const checkpoints = enabled
    ? startCheckpoints(ctx.db, chainKeys.current, checkpointFile, app.log, checkpointEveryMs)
    : null;
  const writer = createAuditWriter(
    ctx.db,
    chainKeys,
    app.log,
    flushEveryMs,
    app.metrics.auditWrite,
    (rotation) => void checkpoints?.mark(rotation),
  );
  const answering = createAnsweringCount();
  let unrecordedChanges = 0;
  app.decorate('audit', {
    enqueue: writer.enqueue,
    close: writer.close,
    get backlog() {
      return writer.backlog;
    },
    get failing() {
      return writer.failing;
    },
    get unrecordedChanges() {
      return unrecordedChanges;
    },
    async flush() {
      await answering.idle();
      await writer.flush();
    },
  } satisfies FastifyInstance['audit']);
  app.decorateRequest('auditContext', undefined);

  app.addHook('onRoute', (route) => {
    const spec = route.config?.audit;
    if (!spec) return;
    // An OpenAPI extension: @fastify/swagger copies a schema's `x-` keys into the operation. And
    // the 503 of a trail that cannot keep up (below).
    route.schema = Object.assign({}, route.schema, {
      'x-audit': spec,
      response: { ...(route.schema?.response as object | undefined), 503: errorResponseSchema },
    });
  });

  // Entries waiting past the limit (the database refuses them, or cannot keep up): an audited call
  // is refused before it does anything, and writes no entry, until the queue drains.
  let backlogLogged = false;
  const backlogFull = () => {
    const full = writer.backlog >= queueMax;
    if (full && !backlogLogged)
      app.log.error({ backlog: writer.backlog }, 'audit queue full: audited calls refused');
    backlogLogged = full;
    return full;
  };

  // The route's options are read once per call (Fastify builds them anew at each read).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!enabled) {
      done();
      return;
    }
    const { config, url } = request.routeOptions;
    const spec = config?.audit;
    if (!spec) {
      done();
      return;
    }
    if (backlogFull()) {
      done(new HttpError(503, 'audit_unavailable'));
      return;
    }
    const context: AuditContext = {
      request,
      depth: 0,
      spec,
      idSource: idSourceOf(spec, url, request.method),
      places: [],
      note: {},
    };
    request.auditContext = context;
    answering.start();
    done();
  });

  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (request.auditContext) request.auditContext.answer = payload;
    done(null, payload);
  });

  // A call settles once, answered or abandoned, whichever Fastify reports first; an abandoned
  // call that still answers writes its entry all the same.
  const settle = (context: AuditContext | undefined) => {
    if (!context || context.settled) return;
    context.settled = true;
    answering.end();
  };
  // A change's entry was written in its transaction (auditedTransaction); every other call's is
  // queued here. A change answered without one was written outside it: queued all the same, and
  // counted and logged as the defect it is.
  app.addHook('onResponse', (request, reply, done) => {
    // No context: the call is not audited, or was refused for a full queue.
    const context = request.auditContext;
    if (context && !context.written) {
      const entry = entryOf(request, reply.statusCode, context, new Date());
      if (entry.outcome === 'allowed' && isChange(entry.action)) {
        unrecordedChanges += 1;
        app.log.error(
          { action: entry.action, kind: entry.recordKind },
          'change answered without its audit entry',
        );
      }
      writer.enqueue(entry);
    }
    settle(context);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    settle(request.auditContext);
    done();
  });

  const retention = enabled
    ? everyDay(app, ctx.db, 'audit_retention', 'audit retention failed', () =>
        dropExpiredPartitions(ctx.db, writer, retentionMonths),
      )
    : null;
  app.addHook('onClose', async () => {
    await retention?.stop();
    await writer.close();
    await checkpoints?.stop();
  });
}
