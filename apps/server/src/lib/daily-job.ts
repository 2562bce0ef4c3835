import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `job` once the app is ready and then once a day, one run at a time; a failed run is logged
 * with `failure` and the next day's tries again. Answers `stop`, for the app's close: no more
 * runs, and the one under way finished.
 */
export function everyDay(
  app: FastifyInstance,
  failure: string,
  job: () => Promise<unknown>,
): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(job).then(
      () => undefined,
      (err: unknown) => app.log.error({ err }, failure),
    );
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, DAY_MS);
    timer.unref();
  });
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
