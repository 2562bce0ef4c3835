/**
 * How `npm run bench` loads an endpoint and its SQL: the API through HTTP from a worker thread
 * (bench-load.worker.mjs), the statements through a pool, each for a given time.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { RawQuery } from './bench-sql.ts';

/** What the load worker (bench-load.worker.mjs) is given and answers. */
export interface LoadJob {
  url: string;
  /** Paths requested in turn (one path, or several ids of one route). */
  paths: string[];
  /**
   * JSON bodies sent in turn with POST (a read when absent); a null one makes that turn a GET
   * (a mix of reads and POSTs, `paths` and `bodies` of one length).
   */
  bodies?: Array<string | null>;
  token: string;
  connections: number;
  duration: number;
}
/** What the worker answers: counts, and every 2xx answer's time in milliseconds. */
export interface LoadAnswer {
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  latencies: Float64Array;
}
export interface LoadResult extends Omit<LoadAnswer, 'latencies'> {
  /** Latency percentiles in milliseconds. */
  p50: number;
  p95: number;
  p99: number;
}

/** The load thread, started at the first load and kept for the run (it does not hold the process open). */
let loader: Worker | undefined;

/** One load, in the load thread: loads run one after the other. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  if (!loader) {
    loader = new Worker(new URL('./bench-load.worker.mjs', import.meta.url));
    loader.unref();
  }
  const worker = loader;
  return new Promise((resolve, reject) => {
    const onMessage = (m: { kind?: string } & LoadAnswer) => {
      if (m.kind !== 'bench-result') return;
      worker.off('message', onMessage).off('error', reject).off('exit', onExit);
      const sorted = Array.from(m.latencies).sort((a, b) => a - b);
      const { latencies: _, ...counts } = m;
      resolve({
        ...counts,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
      });
    };
    const onExit = (code: number) => {
      loader = undefined;
      reject(new Error(`load worker stopped with code ${code}`));
    };
    worker.on('message', onMessage).once('error', reject).once('exit', onExit);
    worker.postMessage(job);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The statements run back to back by `connections` clients for `seconds`, as the API is loaded. */
/** One statement as the API runs it: prepared or not, and in a transaction with its settings. */
export async function runRaw(pool: pg.Pool, q: RawQuery): Promise<pg.QueryResult> {
  const statement = { name: q.name, text: q.text, values: q.values };
  if (!q.settings) return pool.query(statement);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(q.settings);
    const result = await client.query(statement);
    await client.query('COMMIT');
    return result;
  } finally {
    client.release();
  }
}

export async function runSql(pool: pg.Pool, queries: RawQuery[], connections: number, seconds: number) {
  const latencies: number[] = [];
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const q = queries[next++ % queries.length]!;
        const t0 = performance.now();
        await runRaw(pool, q);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
