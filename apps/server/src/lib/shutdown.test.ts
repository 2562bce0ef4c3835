import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createStop } from './shutdown.ts';

/** An app with what the stop reads, and an onClose that takes `closeMs` (or never ends). */
function appClosingIn(closeMs: number | null) {
  const app = Fastify({ logger: false });
  app.decorate('stopping', { since: null as number | null });
  app.decorate('audit', { backlog: 3 } as never);
  app.addHook('onClose', () =>
    closeMs === null ? new Promise<void>(() => {}) : new Promise<void>((r) => setTimeout(r, closeMs)),
  );
  return app;
}

describe('createStop', () => {
  it('drains, closes the app and then the rest, and exits 0; a second signal changes nothing', async () => {
    const app = appClosingIn(10);
    const order: string[] = [];
    const exits: number[] = [];
    const stop = createStop(app, {
      drainMs: 50,
      timeoutMs: 5000,
      closeAfter: async () => void order.push('database'),
      exit: (code) => void exits.push(code),
    });
    const started = Date.now();
    const stopping = stop('SIGTERM');
    expect(app.stopping.since).not.toBeNull();
    await stop('SIGINT');
    await stopping;
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(order).toEqual(['database']);
    expect(exits).toEqual([0]);
  });

  it('exits 1 at the timeout when something never finishes, saying what was pending', async () => {
    const app = appClosingIn(null);
    const logged: unknown[] = [];
    app.log.error = ((obj: unknown) => void logged.push(obj)) as typeof app.log.error;
    const exited = new Promise<number>((resolve) => {
      void createStop(app, { drainMs: 0, timeoutMs: 200, closeAfter: async () => {}, exit: resolve })(
        'SIGTERM',
      );
    });
    expect(await exited).toBe(1);
    expect(logged).toEqual([
      { pending: expect.objectContaining({ audit_backlog: 3, resources: expect.any(Object) }) },
    ]);
  });
});
