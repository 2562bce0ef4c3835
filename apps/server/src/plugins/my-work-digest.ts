import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { everyDay } from '../lib/daily-job.ts';
import { sendWeeklyDigests } from '../modules/my-work/my-work-digest.service.ts';

/**
 * My work's weekly email (issue 32): each day, once across every process (lib/daily-job.ts), the
 * users who turned it on and have not had this ISO week's get it; each user's week is claimed in
 * the database, so no run, here or in another process, sends it twice.
 */
export function registerMyWorkDigest(app: FastifyInstance, ctx: AppContext): void {
  const job = everyDay(app, ctx.db, 'my_work_digest', 'weekly My work emails not sent', () =>
    sendWeeklyDigests(ctx, app.log),
  );
  app.addHook('onClose', job.stop);
}
