import { parseArgs } from 'node:util';
import { readOptions, UsageError, wholeNumber } from './command.ts';

/** `npm run bench`'s options (bench.ts). */
const USAGE = `Usage: DATABASE_URL=postgres://… npm run bench -- [--duration S] [--connections N] [--warmup S] [--bulk-runs N] [--duplicate-runs N] [--ministry-runs N] [--trail-pairs N] [--write-pairs N] [--only TEXT]

Measures GET /api/clients (page 1 with total, as Admin and as Coordinator; a name search; a
late page), GET /api/clients/{id}, GET /api/groups and each report dashboard's data (every centre
and one, over the last whole fiscal year) with autocannon, then the same SQL run directly, on a
PostgreSQL database filled by npm run seed:large. Prints req/s, p50, p95 and p99 for both. Page 1
as Admin, the profile and the groups list are also served by a bare node:http server running the
same statements (the floor: what any Node.js server with this driver pays on this machine). The client
profile runs with the audit trail on and off, then both in turn in --trail-pairs pairs of 3 s
slices (default 20), for the trail's cost on a read (at most 10 % of throughput; 0 skips it), and
a note's create (POST /api/notes on 1,000 open plans, the notes removed at the end) likewise in
--write-pairs pairs, for its cost on a write (with --only, when the profile ran or TEXT is part of
'post /api/notes'). Then
times each group bulk action on a group of 200 members, N times through the API and N times as the
same service call on the database (default 20), and downloads the ministry spreadsheet for that
fiscal year --ministry-runs times (default 3), with the RSS growth while it streams, then builds it
in the background as many times (POST /api/reporting/ministry-files, until ready, and downloaded). With
REPLICA_URL (a streaming replica of DATABASE_URL), the clients dashboard for every centre is also
served from the replica by a second app, measured beside the primary's. --only TEXT
measures only the endpoints whose name contains TEXT (ignoring case); 0 bulk, duplicate or ministry
runs skip those parts. --duplicate-runs N times the Possible duplicates list N times each as an
Admin and a Coordinator, one request at a time.`;

/** What `npm run bench` was asked to measure, and how long. */
export interface BenchOptions {
  duration: number;
  connections: number;
  warmup: number;
  bulkRuns: number;
  duplicateRuns: number;
  ministryRuns: number;
  trailPairs: number;
  writePairs: number;
  /** Only the calls whose name holds this (lower case). */
  only: string | undefined;
}

/** The command line's options, checked; null when help was asked for (and printed). */
export function benchOptions(): BenchOptions | null {
  const args = readOptions(
    () =>
      parseArgs({
        options: {
          duration: { type: 'string', default: '10' },
          connections: { type: 'string', default: '10' },
          warmup: { type: 'string', default: '2' },
          'bulk-runs': { type: 'string', default: '20' },
          'duplicate-runs': { type: 'string', default: '10' },
          'ministry-runs': { type: 'string', default: '3' },
          'trail-pairs': { type: 'string', default: '20' },
          'write-pairs': { type: 'string', default: '20' },
          only: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
      }).values,
    USAGE,
  );
  if (!args) return null;
  const above0 = (option: keyof typeof args) =>
    wholeNumber(option, args[option] as string, { min: 1 }, USAGE);
  const atLeast0 = (option: keyof typeof args) =>
    wholeNumber(option, args[option] as string, { min: 0 }, USAGE);
  const warmup = Number(args.warmup);
  if (!(warmup >= 0)) throw new UsageError(`--warmup must be 0 seconds or more.\n\n${USAGE}`);
  return {
    duration: above0('duration'),
    connections: above0('connections'),
    warmup,
    bulkRuns: atLeast0('bulk-runs'),
    duplicateRuns: atLeast0('duplicate-runs'),
    ministryRuns: atLeast0('ministry-runs'),
    trailPairs: atLeast0('trail-pairs'),
    writePairs: atLeast0('write-pairs'),
    only: args.only?.toLowerCase(),
  };
}
