import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** When the process began to stop (null while it serves): readiness answers 503 from then. */
    stopping: { since: number | null };
  }
}

/**
 * A bounded stop (docs/ARCHITECTURE.md, "Stopping"): on SIGTERM or SIGINT the process stops being
 * ready (`/api/health/ready` answers 503, so a load balancer takes it out), waits `drainMs` for the
 * balancer to notice, then closes the port and waits for the requests in flight, writes the audit
 * queue, closes the database, and exits 0. Whatever hangs, it is gone within `timeoutMs`
 * (SHUTDOWN_TIMEOUT_S): past it, the log says what was still pending and the exit code is 1.
 */
export interface ShutdownOptions {
  drainMs: number;
  timeoutMs: number;
  /** What closes after the app: the database, the mailer. */
  closeAfter: () => Promise<void>;
  exit?: (code: number) => void;
}

/** What the process still holds: its audit queue, requests in flight, and Node's active resources. */
export function pendingWork(app: FastifyInstance): Record<string, unknown> {
  const resources = process.getActiveResourcesInfo().reduce<Record<string, number>>((counts, kind) => {
    counts[kind] = (counts[kind] ?? 0) + 1;
    return counts;
  }, {});
  return { audit_backlog: app.audit.backlog, resources };
}

/** The stop itself, once whatever the number of signals: answers when it has called `exit`. */
export function createStop(
  app: FastifyInstance,
  options: ShutdownOptions,
): (signal: string) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  return async (signal: string) => {
    if (closing) return;
    closing = true;
    app.stopping.since = Date.now();
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error(
        { pending: pendingWork(app) },
        `shutdown took longer than ${options.timeoutMs} ms: exiting`,
      );
      exit(1);
    }, options.timeoutMs);
    try {
      if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
      // Stops accepting connections, waits for requests in flight, then the onClose hooks (the
      // audit queue written).
      await app.close();
      await options.closeAfter();
      clearTimeout(deadline);
      exit(0);
    } catch (err) {
      app.log.error({ err, pending: pendingWork(app) }, 'shutdown failed');
      clearTimeout(deadline);
      exit(1);
    }
  };
}

export function stopOnSignals(app: FastifyInstance, options: ShutdownOptions): void {
  const stop = createStop(app, options);
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
