import type { FastifyInstance } from 'fastify';
import type { DailyTime } from '../config.ts';
import type { Db } from '../db/database.ts';
import { claimDailyRun, releaseDailyRun } from '../db/process-shared.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Each daily job's run under way (or the last one's end), decorated by app.ts: `settled()`
     * resolves once none is running, for a caller that must not write beside a run (the tests'
     * app, before it is handed over).
     */
    dailyJobs: DailyJobs;
  }
}

export interface DailyJobs {
  /** The runs of each job, by everyDay. */
  runs: Array<() => Promise<void>>;
  settled: () => Promise<void>;
}

/** The app's registry of daily jobs (decorated once, at the root, before any job). */
export function dailyJobRegistry(): DailyJobs {
  const runs: DailyJobs['runs'] = [];
  return {
    runs,
    settled: async () => {
      await Promise.all(runs.map((running) => running()));
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `run` once the app is ready and then once a day, one run at a time, and once a day across
 * every process on the database (docs/ARCHITECTURE.md, "Several processes"): each process looks at
 * its start and every 24 hours after, and only the first to look on a day runs it
 * (`claimDailyRun`). A failed run is logged with `failure` and its day given back, so the next
 * look, here or in another process, tries again. With `at` (a daily backup's BACKUP_CRON), each
 * process looks at that time of day (the server's local time) instead, and not at its start.
 * Answers `stop`, for the app's close: no more runs, and the one under way finished.
 */
export function everyDay(
  app: FastifyInstance,
  db: Db,
  job: string,
  failure: string,
  run: () => Promise<unknown>,
  { at }: { at?: DailyTime } = {},
): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  app.dailyJobs.runs.push(() => running);
  const turn = async () => {
    if (!(await claimDailyRun(db, job))) return;
    try {
      await run();
    } catch (err) {
      await releaseDailyRun(db, job);
      throw err;
    }
  };
  const look = () => {
    running = running.then(turn).then(
      () => undefined,
      (err: unknown) => app.log.error({ err }, failure),
    );
  };
  const atTime = (time: DailyTime) => {
    timer = setTimeout(() => {
      look();
      atTime(time);
    }, msUntil(time));
    timer.unref();
  };
  app.addHook('onReady', async () => {
    if (at) return atTime(at);
    look();
    timer = setInterval(look, DAY_MS);
    timer.unref();
  });
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(timer);
      await running;
    },
  };
}

/** Milliseconds from `now` to the next `at` (local time): tomorrow's when today's has passed. */
export function msUntil(at: DailyTime, now = new Date()): number {
  const next = new Date(now);
  next.setHours(at.hour, at.minute, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}
