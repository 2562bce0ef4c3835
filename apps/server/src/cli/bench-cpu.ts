import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * CPU time spent during a measurement, by this process (the app, and the load worker beside it)
 * and by the PostgreSQL backends serving the benchmark's database, read from /proc (Linux; zero
 * elsewhere). Divided by the requests served, it tells what one request costs whatever else the
 * machine is doing, where throughput and latency move with the load.
 */
export interface CpuSpent {
  processMs: number;
  postgresMs: number;
  /** Every process of the machine (/proc/stat): PostgreSQL's own workers and writers included. */
  machineMs: number;
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's user and system time in ticks, or 0 once it has ended. */
function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state …: utime and stime are fields 14 and 15, after the parenthesised name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** A process's CPU time (user and system) in milliseconds so far, or 0 once it has ended. */
export function processCpuMs(pid: number): number {
  return (ticksOf(pid) * 1000) / TICKS_PER_SECOND;
}

/** The machine's busy time in ticks: user, nice, system, irq and softirq of every CPU. */
function machineTicks(): number {
  try {
    const [, user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .split(/\s+/);
    return [user, nice, system, irq, softirq].reduce((n, v) => n + Number(v), 0);
  } catch {
    return 0;
  }
}

/** The backends connected to the pool's database (the app's, the pool's, the trail's writer). */
async function backendTicks(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return new Map(rows.map((r) => [r.pid, ticksOf(r.pid)]));
}

/**
 * Starts counting; the function it returns tells the CPU spent since. A backend that started
 * meanwhile counts whole; one that ended meanwhile is lost (the pools keep theirs while busy).
 */
export async function startCpuCount(pool: pg.Pool): Promise<() => Promise<CpuSpent>> {
  const processStart = process.cpuUsage();
  const machineStart = machineTicks();
  const before = await backendTicks(pool);
  return async () => {
    const used = process.cpuUsage(processStart);
    const machine = machineTicks() - machineStart;
    let ticks = 0;
    for (const [pid, now] of await backendTicks(pool)) ticks += Math.max(0, now - (before.get(pid) ?? 0));
    return {
      processMs: (used.user + used.system) / 1000,
      postgresMs: (ticks * 1000) / TICKS_PER_SECOND,
      machineMs: (machine * 1000) / TICKS_PER_SECOND,
    };
  };
}
