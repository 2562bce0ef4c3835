/**
 * The reports' part of `npm run bench`: each dashboard's data (GET /api/embed/dashboard/{token})
 * for every centre and for the biggest one over the last whole fiscal year, timed through the API
 * beside its one statement (modules/reporting DASHBOARD_SQL); then the ministry spreadsheet for
 * that year, downloaded whole a few times, with the process's RSS growth while it streams; then
 * the same file built in the background (POST /api/reporting/ministry-files) until ready, and
 * downloaded.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fiscalYearOf, fiscalYearRange } from '@cairn/shared/fiscal-year';
import { todayIso } from '@cairn/shared/dates';
import { DASHBOARDS, type Dashboard } from '@cairn/shared/reporting.schemas';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createDashboardLinks } from '../lib/dashboard-links.ts';
import type { JwtKeyring } from '../lib/jwt-keyring.ts';
import { DASHBOARD_SQL } from '../modules/reporting/reporting-dashboards.repository.ts';
import { DASHBOARD_SETTINGS } from '../modules/reporting/reporting-rows.repository.ts';
import { retentionCountsSql } from '../modules/reporting/reporting-retention.repository.ts';
import type pg from 'pg';
import { startCpuCount, type CpuSpent } from './bench-cpu.ts';
import { listQuery, type RawQuery } from './bench-sql.ts';
import type { BenchRole } from './bench-target.ts';
import type { ClientListFilter } from '@cairn/shared/client-list-filters';
import { listFilterOf } from '../modules/clients/clients.service.ts';

/** The last fiscal year that has ended: a whole year of data in the seeded database. */
export function benchFiscalYear(today = todayIso()): { start: string; end: string } {
  return fiscalYearRange(fiscalYearOf(today) - 1);
}

export interface DashboardTarget {
  name: string;
  paths: string[];
  queries: RawQuery[];
  /** Served by the app reading its reports from the read replica (REPLICA_URL). */
  replica?: true;
}

const dialect = new PgDialect();

/**
 * One target per dashboard and centre choice. The links are signed as the server signs them,
 * on a clock an hour ahead, so they outlive a long run (the server checks them on its own clock).
 */
export function dashboardTargets(keyring: JwtKeyring, centreId: number): DashboardTarget[] {
  const links = createDashboardLinks(keyring, () => Date.now() + 3_600_000);
  const range = benchFiscalYear();
  const targets: DashboardTarget[] = [];
  for (const centre of [-1, centreId]) {
    for (const dashboard of DASHBOARDS) {
      const { token } = links.sign({
        dashboard,
        start_date: range.start,
        end_date: range.end,
        centre_id: centre,
      });
      const r = {
        start: range.start,
        end: range.end,
        scope: centre === -1 ? { allCentres: true, centreId: null } : { allCentres: false, centreId: centre },
      };
      const q = dialect.sqlToQuery(DASHBOARD_SQL[dashboard as Dashboard](r));
      const of = `(${centre === -1 ? 'all centres' : `centre ${centre}`}, FY ${range.start.slice(0, 4)})`;
      targets.push({
        name: `dashboard ${dashboard} ${of}`,
        paths: [`/api/embed/dashboard/${token}`],
        // As the API runs them (dashboardRows): unnamed, planned for their range on every run,
        // under the dashboards' planner settings.
        queries: [{ text: q.sql, values: q.params, settings: DASHBOARD_SETTINGS }],
      });
      // Retention (issue 32, goal p95 ≤ 150 ms): the outcomes dashboard that holds it, beside its
      // own part of the statement.
      if (dashboard === 'outcomes') {
        const rq = dialect.sqlToQuery(retentionCountsSql(r, todayIso()));
        targets.push({
          name: `retention ${of}`,
          paths: [`/api/embed/dashboard/${token}`],
          queries: [{ text: rq.sql, values: rq.params, settings: DASHBOARD_SETTINGS }],
        });
      }
    }
  }
  return targets;
}

/**
 * With a replica, the clients dashboard for every centre once more, right after the primary's,
 * served from the replica: the two p95 side by side in one run.
 */
export function withReplicaDashboard(targets: DashboardTarget[], replica: boolean): DashboardTarget[] {
  if (!replica) return targets;
  return targets.flatMap((t) =>
    t.name.startsWith('dashboard clients (all centres')
      ? [t, { ...t, name: `${t.name}, from the replica`, replica: true as const }]
      : [t],
  );
}

/**
 * The client list opened from a report (issue 28's filters): the clients active over the fiscal
 * year in every centre (Admin), one centre's clients (Admin, its centre filter), and those of one
 * age band among the Coordinator's served clients, each page 1 with its total.
 */
export function filteredListTargets(
  centreId: number,
  perPage: number,
): Array<DashboardTarget & { as: BenchRole }> {
  const { start, end } = benchFiscalYear();
  const range = { start_date: start, end_date: end };
  const calls: Array<{ as: BenchRole; filter: ClientListFilter }> = [
    { as: 'admin', filter: { ...range, counted: 'active' } },
    { as: 'admin', filter: { centre_id: centreId } },
    { as: 'coordinator', filter: { ...range, breakdown: 'age_band', key: '25-34' } },
  ];
  return calls.map(({ as, filter }) => {
    const query = new URLSearchParams(filter as Record<string, string>).toString();
    const scope = { centreId: as === 'admin' ? null : centreId };
    return {
      name: `GET /api/clients?${query} (${as === 'admin' ? 'Admin' : 'Coordinator'})`,
      as,
      paths: [`/api/clients?${query}`],
      // The filter as the API turns the query into one (clients.service.ts listFilterOf).
      queries: [listQuery(scope, { word: null, perPage, page: 1, filter: listFilterOf(filter) })],
    };
  });
}

/** Whether a dashboard's answer and its statement's rows give the same figures. */
export function sameFigures(
  body: { figures?: Record<string, number> },
  rows: Array<Record<string, unknown>>,
): boolean {
  const fromSql = Object.fromEntries(
    rows.filter((r) => r.kind === 'figure').map((r) => [String(r.name), Number(r.value)]),
  );
  return JSON.stringify(body.figures) === JSON.stringify({ ...body.figures, ...fromSql });
}

export interface MinistryTiming {
  range: { start: string; end: string };
  seconds: number[];
  /** Each download's CPU: the server's process (its threads included) and PostgreSQL's backends. */
  cpu: CpuSpent[];
  bytes: number;
  rssGrowthMb: number;
  /** At the RSS peak, the growth of the JavaScript heap and of memory outside it (buffers). */
  atPeak: { heapMb: number; externalMb: number };
}

/**
 * Downloads one file in a child process (its memory is not the server's): prints the status and
 * the bytes received. The token travels in the environment, not on a command line.
 */
const DOWNLOADER = `
const res = await fetch(process.env.BENCH_URL, { headers: { authorization: 'Bearer ' + process.env.BENCH_TOKEN } });
let bytes = 0;
if (res.body) for await (const chunk of res.body) bytes += chunk.length;
process.stdout.write(res.status + ' ' + bytes);
`;

function download(url: string, token: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', DOWNLOADER], {
      env: { ...process.env, BENCH_URL: url, BENCH_TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const [status, bytes] = out.split(' ').map(Number);
      resolve({ status: status ?? 0, bytes: bytes ?? 0 });
    });
  });
}

/**
 * Downloads the ministry file `runs` times, one after another, each by a child process, sampling
 * this process's RSS every 10 ms meanwhile: the app runs in this process, the receiver does not
 * (run with --expose-gc to start from a collected heap). The CPU of each download is counted on
 * the app's side and PostgreSQL's (`pool`: a pool on the same database).
 */
export async function measureMinistry(
  baseUrl: string,
  adminToken: string,
  runs: number,
  pool: pg.Pool,
): Promise<MinistryTiming> {
  const range = benchFiscalYear();
  const seconds: number[] = [];
  const cpu: CpuSpent[] = [];
  let bytes = 0;
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  }, 10);
  try {
    for (let i = 0; i < runs; i++) {
      const cpuSince = await startCpuCount(pool);
      const t0 = performance.now();
      const got = await download(
        `${baseUrl}/api/reporting/ministry-report?start=${range.start}&end=${range.end}`,
        adminToken,
      );
      if (got.status !== 200) throw new Error(`ministry report: the API answered ${got.status}`);
      bytes = got.bytes;
      seconds.push((performance.now() - t0) / 1000);
      cpu.push(await cpuSince());
    }
  } finally {
    clearInterval(sampler);
  }
  const mb = (n: number) => n / 1e6;
  return {
    range,
    seconds,
    cpu,
    bytes,
    rssGrowthMb: mb(peak.rss - before.rss),
    atPeak: {
      heapMb: mb(peak.heapTotal - before.heapTotal),
      externalMb: mb(peak.external - before.external),
    },
  };
}

export function printMinistry(m: MinistryTiming) {
  const each = m.seconds.map((s) => s.toFixed(2)).join(', ');
  const cpu = (of: (c: CpuSpent) => number) => m.cpu.map((c) => (of(c) / 1000).toFixed(2)).join(', ');
  console.log(
    `\nMinistry spreadsheet, ${m.range.start} to ${m.range.end}, ${m.seconds.length} downloads: ` +
      `${(m.bytes / 1e6).toFixed(1)} MB each, ${each} s (CPU s of the server: ${cpu((c) => c.processMs)}; ` +
      `of PostgreSQL: ${cpu((c) => c.postgresMs)}); RSS grew by at most ${m.rssGrowthMb.toFixed(0)} MB ` +
      `(at that peak: heap +${m.atPeak.heapMb.toFixed(0)} MB, outside the heap +${m.atPeak.externalMb.toFixed(0)} MB).`,
  );
}

export interface MinistryFileTiming {
  range: { start: string; end: string };
  /** Per run: seconds until the rows were counted, until ready, and the download's. */
  counted: number[];
  ready: number[];
  downloaded: number[];
  cpu: CpuSpent[];
  rows: number;
  bytes: number;
  rssGrowthMb: number;
}

/**
 * The ministry file built in the background `runs` times, one after another: asked for, its
 * progress read every 250 ms until ready (when its rows were counted, when it was ready), then
 * downloaded by a child process; this process's RSS sampled meanwhile, as for the streamed file.
 */
export async function measureMinistryFile(
  baseUrl: string,
  adminToken: string,
  runs: number,
  pool: pg.Pool,
): Promise<MinistryFileTiming> {
  const range = benchFiscalYear();
  const m: MinistryFileTiming = {
    range,
    counted: [],
    ready: [],
    downloaded: [],
    cpu: [],
    rows: 0,
    bytes: 0,
    rssGrowthMb: 0,
  };
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    for (let i = 0; i < runs; i++) {
      const cpuSince = await startCpuCount(pool);
      const t0 = performance.now();
      const started = await fetch(`${baseUrl}/api/reporting/ministry-files`, {
        method: 'POST',
        headers,
        body: JSON.stringify(range),
      });
      if (started.status !== 202) throw new Error(`ministry file: the API answered ${started.status}`);
      const { id } = (await started.json()) as { id: number };
      let counted = 0;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const file = (await (
          await fetch(`${baseUrl}/api/reporting/ministry-files/${id}`, { headers })
        ).json()) as {
          status: string;
          rows_total: number | null;
          failure: string | null;
        };
        if (!counted && file.rows_total !== null) counted = performance.now();
        if (file.status === 'failed') throw new Error(`ministry file failed: ${file.failure}`);
        if (file.status === 'ready') {
          m.rows = file.rows_total ?? 0;
          break;
        }
      }
      const ready = performance.now();
      m.counted.push((counted - t0) / 1000);
      m.ready.push((ready - t0) / 1000);
      const got = await download(`${baseUrl}/api/reporting/ministry-files/${id}/file`, adminToken);
      if (got.status !== 200) throw new Error(`ministry file download: the API answered ${got.status}`);
      m.downloaded.push((performance.now() - ready) / 1000);
      m.bytes = got.bytes;
      m.cpu.push(await cpuSince());
      await fetch(`${baseUrl}/api/reporting/ministry-files/${id}`, { method: 'DELETE', headers });
    }
  } finally {
    clearInterval(sampler);
  }
  m.rssGrowthMb = (peak - before) / 1e6;
  return m;
}

export function printMinistryFile(m: MinistryFileTiming) {
  const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
  const cpu = (of: (c: CpuSpent) => number) => list(m.cpu.map((c) => of(c) / 1000));
  console.log(
    `\nMinistry file in the background, ${m.range.start} to ${m.range.end}, ${m.ready.length} runs: ` +
      `${m.rows.toLocaleString('en-CA')} rows, ${(m.bytes / 1e6).toFixed(1)} MB; rows counted after ${list(m.counted)} s, ` +
      `ready after ${list(m.ready)} s, downloaded in ${list(m.downloaded)} s (CPU s of the server: ` +
      `${cpu((c) => c.processMs)}; of PostgreSQL: ${cpu((c) => c.postgresMs)}); RSS grew by at most ` +
      `${m.rssGrowthMb.toFixed(0)} MB.`,
  );
}
