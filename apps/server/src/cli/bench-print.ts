/** How `npm run bench` prints its measurements: the table, and the audit trail's cost. */
import type { CpuSpent } from './bench-cpu.ts';
import type { LoadResult } from './bench-run.ts';

export interface Row {
  name: string;
  api: LoadResult;
  /** CPU spent while the API was loaded (bench-cpu.ts). */
  cpu: CpuSpent;
  sql: { requests: number; seconds: number; p50: number; p95: number; p99: number };
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '-');

export function printTable(results: Row[], connections: number, duration: number) {
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'SQL req/s',
    'SQL p50 ms',
    'SQL p95 ms',
    'SQL p99 ms',
    'p50 ratio',
    'CPU µs/req (app+load, PG)',
  ];
  const lines = results.map((r) => [
    r.name,
    Math.round(r.api.requests / r.api.seconds).toLocaleString('en-CA'),
    ms(r.api.p50),
    ms(r.api.p95),
    ms(r.api.p99),
    Math.round(r.sql.requests / r.sql.seconds).toLocaleString('en-CA'),
    ms(r.sql.p50),
    ms(r.sql.p95),
    ms(r.sql.p99),
    `${(r.api.p50 / r.sql.p50).toFixed(1)}×`,
    `${perRequest(r.cpu.processMs, r.api.requests)}, ${perRequest(r.cpu.postgresMs, r.api.requests)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(
    `\n${connections} connections, ${duration} s per measurement (API through HTTP; SQL through a pool)\n`,
  );
  console.log(fmt(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

/** Microseconds of CPU per request. */
const perRequest = (ms: number, requests: number) =>
  Math.round((ms * 1000) / requests).toLocaleString('en-CA');

/** The audit trail's cost on the client profile: throughput with it on against off. */
export function printTrailCost(results: Row[]) {
  const profiles = results.filter((r) => r.name.startsWith('GET /api/clients/{id} (Admin, 1,000 ids'));
  const on = profiles.filter((r) => !r.name.includes('audit trail off'));
  const off = profiles.filter((r) => r.name.includes('audit trail off'));
  if (on.length === 0 || off.length === 0) return;
  const sum = (rows: Row[], of: (r: Row) => number) => rows.reduce((n, r) => n + of(r), 0);
  const rate = (rows: Row[]) => sum(rows, (r) => r.api.requests) / sum(rows, (r) => r.api.seconds);
  const cpu = (rows: Row[]) =>
    sum(rows, (r) => r.cpu.processMs + r.cpu.postgresMs) / sum(rows, (r) => r.api.requests);
  const cost = ((rate(off) - rate(on)) / rate(off)) * 100;
  const cpuCost = ((cpu(on) - cpu(off)) / cpu(off)) * 100;
  console.log(
    `\nAudit trail on the client profile, ${on.length} measurements each way: ${cost.toFixed(1)} % of ` +
      `throughput (at most 10 % allowed); CPU per request (this process and PostgreSQL) ` +
      `${(cpu(on) * 1000).toFixed(0)} µs on, ${(cpu(off) * 1000).toFixed(0)} µs off ` +
      `(${cpuCost >= 0 ? '+' : ''}${cpuCost.toFixed(1)} %).`,
  );
}
