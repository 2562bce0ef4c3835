/**
 * The audit trail's cost on a read (the client profile) and on a write (a note's create), as `npm
 * run bench` measures it: the app with the trail and the same app without it, loaded in turn in
 * short slices (on, off, then off, on, and so on), so that the machine's drift (its speed changes
 * by tens of per cent within minutes) falls on both sides alike instead of on whichever ran in a
 * slower minute.
 */
import type pg from 'pg';
import { startCpuCount } from './bench-cpu.ts';
import { runLoad, type LoadJob } from './bench-run.ts';

export interface TrailJob extends Omit<LoadJob, 'url' | 'duration'> {
  urlOn: string;
  urlOff: string;
  /** Pairs of slices (one on, one off each). */
  pairs: number;
  /** Seconds per slice. */
  seconds: number;
}

interface Side {
  requests: number;
  seconds: number;
  /** CPU of this process, of PostgreSQL's backends, and of the whole machine, in milliseconds. */
  processMs: number;
  postgresMs: number;
  machineMs: number;
}

export interface TrailCost {
  /** What was loaded: 'the client profile', 'a note's create'. */
  call: string;
  pairs: number;
  seconds: number;
  on: Side;
  off: Side;
  /** Each pair's share of throughput the trail took (0.1: 10 %). */
  pairShares: number[];
}

export async function measureTrailCost(call: string, job: TrailJob, pool: pg.Pool): Promise<TrailCost> {
  const { urlOn, urlOff, pairs, seconds, ...load } = job;
  const on: Side = { requests: 0, seconds: 0, processMs: 0, postgresMs: 0, machineMs: 0 };
  const off: Side = { ...on };
  const pairShares: number[] = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    const rate = { on: 0, off: 0 };
    for (const trailOn of pair % 2 === 0 ? [true, false] : [false, true]) {
      const cpuSince = await startCpuCount(pool);
      const r = await runLoad({ ...load, url: trailOn ? urlOn : urlOff, duration: seconds });
      const cpu = await cpuSince();
      if (r.non2xx > 0 || r.errors > 0)
        throw new Error(`audit trail's cost: ${r.non2xx} answers other than 2xx and ${r.errors} errors`);
      const side = trailOn ? on : off;
      side.requests += r.requests;
      side.seconds += r.seconds;
      side.processMs += cpu.processMs;
      side.postgresMs += cpu.postgresMs;
      side.machineMs += cpu.machineMs;
      rate[trailOn ? 'on' : 'off'] = r.requests / r.seconds;
    }
    pairShares.push(1 - rate.on / rate.off);
  }
  return { call, pairs, seconds, on, off, pairShares };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

export function printTrailCost(cost: TrailCost): void {
  const rate = (s: Side) => s.requests / s.seconds;
  const shares = [...cost.pairShares].sort((a, b) => a - b);
  const median =
    shares[Math.floor((shares.length - 1) / 2)]! / 2 + shares[Math.ceil((shares.length - 1) / 2)]! / 2;
  // Microseconds of CPU per request, on and off, and the difference.
  const cpu = (of: (s: Side) => number) => {
    const [on, off] = [cost.on, cost.off].map((s) => (of(s) * 1000) / s.requests) as [number, number];
    return `${on.toFixed(0)} on, ${off.toFixed(0)} off (${on >= off ? '+' : ''}${(on - off).toFixed(0)})`;
  };
  console.log(
    `\nAudit trail on ${cost.call}, ${cost.pairs} pairs of ${cost.seconds} s slices (on, off, off, on…): ` +
      `${percent(1 - rate(cost.on) / rate(cost.off))} of throughput (at most 10 % allowed): ` +
      `${Math.round(rate(cost.on)).toLocaleString('en-CA')} req/s on, ` +
      `${Math.round(rate(cost.off)).toLocaleString('en-CA')} off; per pair, median ${percent(median)}, ` +
      `from ${percent(shares[0]!)} to ${percent(shares.at(-1)!)}.\nCPU per request in µs: this process ` +
      `${cpu((s) => s.processMs)}; PostgreSQL's backends ${cpu((s) => s.postgresMs)}; the whole machine ` +
      `${cpu((s) => s.machineMs)}.`,
  );
}
