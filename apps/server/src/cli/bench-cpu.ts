import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent during a measurement, by this process (the app, and the load worker beside it)
 * and by the machine's PostgreSQL processes, read from /proc (Linux; zero elsewhere). Divided by
 * the requests served, it tells what one request costs whatever else the machine is doing, where
 * throughput and latency move with the load.
 */
export interface CpuSpent {
  processMs: number;
  postgresMs: number;
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The user and system time of every process named postgres, in milliseconds. */
function postgresCpuMs(): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state … : the name sits in parentheses; utime and stime are fields 14 and 15.
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Starts counting; the function it returns tells the CPU spent since. */
export function startCpuCount(): () => CpuSpent {
  const processStart = process.cpuUsage();
  const postgresStart = postgresCpuMs();
  return () => {
    const used = process.cpuUsage(processStart);
    return { processMs: (used.user + used.system) / 1000, postgresMs: postgresCpuMs() - postgresStart };
  };
}
