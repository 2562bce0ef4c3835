/** How `npm run bench` prints its measurements' table. */
import type { CpuSpent } from './bench-cpu.ts';
import type { LoadResult } from './bench-run.ts';

export interface Row {
  name: string;
  api: LoadResult;
  /** CPU spent while the API was loaded (bench-cpu.ts). */
  cpu: CpuSpent;
  sql: { requests: number; seconds: number; p50: number; p95: number; p99: number };
}

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
  console.log(
    `\n${connections} connections, ${duration} s per measurement (API through HTTP; SQL through a pool)\n`,
  );
  printAligned(header, lines);
}

/**
 * A Markdown table (docs/performance.md takes it as it is): the first `leftColumns` columns
 * aligned left, the others right.
 */
export function printAligned(header: string[], lines: string[][], leftColumns = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(fmt(header));
  console.log(
    `|${widths.map((w, i) => (i < leftColumns ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const l of lines) console.log(fmt(l));
}

/** Milliseconds as the tables print them. */
export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '-');

/** Microseconds of CPU per request. */
export const perRequest = (ms: number, requests: number) =>
  Math.round((ms * 1000) / requests).toLocaleString('en-CA');
