import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { createPendingPairs, type PendingPairs } from '../modules/duplicates/duplicates-pending.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The duplicate pairs of clients inserted with their pairs deferred (an import's commit). */
    pendingPairs: PendingPairs;
  }
}

/**
 * The finder of deferred duplicate pairs (issue 31, migration 0041): kicked after each import's
 * commit and at the start (what a process stopped mid-way left), waited for at the close.
 */
export function registerPendingPairs(app: FastifyInstance, ctx: AppContext): void {
  const pending = createPendingPairs(ctx.db, app.log);
  app.decorate('pendingPairs', pending);
  app.addHook('onReady', async () => pending.kick());
  app.addHook('onClose', () => pending.settled());
}
