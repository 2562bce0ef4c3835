/**
 * One measured call of `npm run bench`: its answer checked against its SQL, then the API loaded,
 * the same SQL run from a pool, and, for some calls, the floor loaded (bench-floor.ts).
 */
import type pg from 'pg';
import { startCpuCount } from './bench-cpu.ts';
import type { FloorServer } from './bench-floor.ts';
import type { Row } from './bench-print.ts';
import { sameWork } from './bench-my-work.ts';
import { sameFigures } from './bench-reports.ts';
import { runLoad, runRaw, runSql, type LoadJob } from './bench-run.ts';
import type { RawQuery } from './bench-sql.ts';

/** The bench accounts a call is made as. */
export type BenchRole = 'admin' | 'coordinator';

export interface Target {
  name: string;
  as: BenchRole;
  paths: string[];
  /** The statement(s) the API runs for each path, in the same order. */
  queries: RawQuery[];
  /** What a response and a query row are compared by, to be sure both answer the same. */
  check: 'list' | 'profile' | 'dashboard' | 'myWork';
  /** Signed in as this token rather than the bench account of `as` (My work is the caller's own). */
  token?: string;
  /** The id the answer's records carry. */
  idKey: 'client_id' | 'group_id';
  /** Run against a second app with the audit trail off (AUDIT_TRAIL=off), to measure its cost. */
  trailOff?: true;
  /** Also loads a bare node:http server running the same statements (bench-floor.ts). */
  floor?: true;
  /** Served by the app whose reports read the replica (REPLICA_URL); its answer must say so. */
  replica?: true;
}

/** Where and how long a call is measured. */
export interface TargetRun {
  /** The app's address. */
  url: string;
  token: string;
  connections: number;
  warmup: number;
  duration: number;
  /** The pool the SQL runs from (and PostgreSQL's CPU is read through). */
  pool: pg.Pool;
  /** The floor, for targets that ask for it. */
  floor?: FloorServer;
}

/** Stops the run unless the rendered SQL answers what the API answers (same ids, same total). */
async function checkSameAnswer(target: Target, baseUrl: string, token: string, pool: pg.Pool) {
  const res = await fetch(`${baseUrl}${target.paths[0]}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${target.name}: the API answered ${res.status}`);
  const id = target.idKey;
  const body = (await res.json()) as { items?: Array<Record<string, number>>; total?: number } & Record<
    string,
    unknown
  >;
  const found = (await runRaw(pool, { ...target.queries[0]!, name: undefined })).rows as Array<
    Record<string, number | null> & { total?: number }
  >;
  const same =
    target.check === 'myWork'
      ? sameWork(body as Record<string, { total?: number }>, found[0])
      : target.check === 'dashboard'
        ? sameFigures(body as { figures?: Record<string, number> }, found)
        : target.check === 'list'
          ? JSON.stringify(body.items!.map((i) => i[id])) ===
              JSON.stringify(found.filter((r) => r[id] !== null).map((r) => r[id])) &&
            body.total === found[0]?.total
          : body[id] === found[0]?.[id];
  if (target.replica && !body.data_as_of) {
    throw new Error(
      `${target.name}: answered from the primary: the replica is not streaming or lags more than REPLICA_MAX_LAG_S`,
    );
  }
  if (!same) {
    throw new Error(
      `${target.name}: the SQL rendered by cli/bench-sql.ts does not answer what the API answers; ` +
        'check how the clients service calls the repository.',
    );
  }
}

/** A load after its warm-up, with the CPU spent during it; any answer but a 2xx stops the run. */
async function measuredLoad(job: Omit<LoadJob, 'duration'>, label: string, run: TargetRun) {
  if (run.warmup > 0) await runLoad({ ...job, duration: run.warmup });
  const cpuSince = await startCpuCount(run.pool);
  const load = await runLoad({ ...job, duration: run.duration });
  const cpu = await cpuSince();
  if (load.non2xx > 0 || load.errors > 0)
    throw new Error(`${label}: ${load.non2xx} answers other than 2xx and ${load.errors} errors`);
  return { load, cpu };
}

/** The call's rows of the table: the API against its SQL, then the floor against the same SQL. */
export async function measureTarget(t: Target, run: TargetRun): Promise<Row[]> {
  await checkSameAnswer(t, run.url, run.token, run.pool);
  const job = { url: run.url, paths: t.paths, token: run.token, connections: run.connections };
  process.stdout.write(`  ${t.name}: API…`);
  const api = await measuredLoad(job, t.name, run);
  process.stdout.write(' SQL…');
  if (run.warmup > 0) await runSql(run.pool, t.queries, run.connections, run.warmup);
  const raw = await runSql(run.pool, t.queries, run.connections, run.duration);
  console.log(' done');
  const rows: Row[] = [{ name: t.name, api: api.load, cpu: api.cpu, sql: raw }];
  if (t.floor && run.floor) {
    process.stdout.write(`  ${t.name}: floor…`);
    run.floor.serve(t.paths, t.queries, t.check === 'profile' ? 'record' : 'page', t.idKey);
    const bare = await measuredLoad({ ...job, url: run.floor.url }, `${t.name}, floor`, run);
    console.log(' done');
    rows.push({
      name: '  the same, node:http and pg alone (floor)',
      api: bare.load,
      cpu: bare.cpu,
      sql: raw,
    });
  }
  return rows;
}
