import { todayIso } from '@cairn/shared/dates';
import { fiscalYearOf } from '@cairn/shared/fiscal-year';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { extendServedYears } from './reporting-rollups.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The fiscal years the clients dashboard reads from report_served_years reach the year after
 * today's: moved on when the app is ready and then once a day, so a new fiscal year is kept from
 * its first day (a year past the horizon is read from the spans meanwhile, as exactly).
 */
export function keepServedYears(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => extendServedYears(db, fiscalYearOf(todayIso()) + 1))
      .catch((err: unknown) => app.log.error({ err }, 'report fiscal years not extended'));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
