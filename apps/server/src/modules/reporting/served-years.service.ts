import { todayIso } from '@cairn/shared/dates';
import { fiscalYearOf } from '@cairn/shared/fiscal-year';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { everyDay } from '../../lib/daily-job.ts';
import { extendServedYears } from './reporting-rollups.repository.ts';

/**
 * The fiscal years the clients dashboard reads from report_served_years reach the year after
 * today's: moved on when the app is ready and then once a day, so a new fiscal year is kept from
 * its first day (a year past the horizon is read from the spans meanwhile, as exactly).
 */
export function keepServedYears(app: FastifyInstance, db: Db): void {
  const job = everyDay(app, db, 'served_years', 'report fiscal years not extended', () =>
    extendServedYears(db, fiscalYearOf(todayIso()) + 1),
  );
  app.addHook('onClose', job.stop);
}
