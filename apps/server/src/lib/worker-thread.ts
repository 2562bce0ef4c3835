import { Worker } from 'node:worker_threads';

/** The server runs from its TypeScript sources (tsx, the tests), not from its build (dist/). */
const fromSources = import.meta.url.endsWith('.ts');

/**
 * Starts the worker thread whose source is `source`, a `.ts` file beside the caller
 * (`new URL('./name.worker.ts', import.meta.url)`). From the sources, through the tsx loader
 * (ts-worker.bootstrap.mjs); from the build, the same name in `.js`, which scripts/build-server.mjs
 * writes beside main.js (where the caller's import.meta.url then points). `data` is the worker's
 * `workerData` (an object: from the sources it also carries the source's address).
 */
export function startWorker(source: URL, data: Record<string, unknown> = {}): Worker {
  if (!source.pathname.endsWith('.ts')) throw new Error(`a worker's source is a .ts file: ${source.href}`);
  if (fromSources)
    return new Worker(new URL('./ts-worker.bootstrap.mjs', import.meta.url), {
      workerData: { ...data, tsSource: source.href },
    });
  return new Worker(new URL(source.href.replace(/\.ts$/, '.js')), { workerData: data });
}
