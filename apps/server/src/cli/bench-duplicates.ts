/**
 * The Possible duplicates list (GET /api/clients/duplicates, issue 31), page 1 of 25, one request
 * at a time as an Admin (every centre) and as a Coordinator (the largest centre): its goal is at
 * most 2 s at 100,000 clients (docs/performance.md). Each row also gives the pairs listed and the
 * candidate pairs the database keeps (client_duplicate_pairs), which the list scores.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

export interface DuplicatesRow {
  name: string;
  runs: number;
  pairs: number;
  p50: number;
  max: number;
}

async function timeList(
  baseUrl: string,
  token: string,
  runs: number,
): Promise<{ times: number[]; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/clients/duplicates?per_page=25`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { total?: number };
    if (res.status !== 200) throw new Error(`GET /api/clients/duplicates answered ${res.status}`);
    times.push(performance.now() - started);
    total = body.total ?? 0;
  }
  return { times, total };
}

export async function measureDuplicates(
  db: Db,
  baseUrl: string,
  tokens: { admin: string; coordinator: string },
  runs: number,
): Promise<{ candidates: number; rows: DuplicatesRow[] }> {
  const [counted] = (
    (await db.execute(sql`SELECT count(*)::int AS n FROM client_duplicate_pairs`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  const rows: DuplicatesRow[] = [];
  for (const [name, token] of [
    ['GET /api/clients/duplicates (page 1, Admin)', tokens.admin],
    ['GET /api/clients/duplicates (page 1, Coordinator)', tokens.coordinator],
  ] as const) {
    const { times, total } = await timeList(baseUrl, token, runs);
    const sorted = [...times].sort((a, b) => a - b);
    rows.push({
      name,
      runs,
      pairs: total,
      p50: sorted[Math.ceil(sorted.length / 2) - 1]!,
      max: sorted[sorted.length - 1]!,
    });
  }
  return { candidates: counted?.n ?? 0, rows };
}

export function printDuplicatesTable(result: { candidates: number; rows: DuplicatesRow[] }): void {
  console.log(
    `\nPossible duplicates (${result.candidates.toLocaleString('en-CA')} candidate pairs kept; goal: ≤ 2,000 ms)`,
  );
  console.log('| list | runs | likely pairs | p50 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of result.rows) {
    console.log(
      `| ${r.name} | ${r.runs} | ${r.pairs.toLocaleString('en-CA')} | ${r.p50.toFixed(0)} | ${r.max.toFixed(0)} |`,
    );
  }
}
