/**
 * Measures what a load balancer and a second process do (docs/performance.md, "Several
 * processes"): on a PostgreSQL database filled by `npm run seed:large`, two server processes (the
 * server as `npm run dev` runs it, each a process of its own) and Debian's HAProxy on
 * deploy/haproxy.cfg, loaded with autocannon from a worker thread (bench-run.ts) in three set-ups:
 * one process alone, the same process through HAProxy (one backend: the balancer's cost per
 * request), and two processes behind HAProxy. For the client list, a client's profile and a note's
 * create: req/s, p50 and p99, and the CPU each request costs each process, HAProxy and PostgreSQL
 * (from /proc), from which one process per core on a bigger machine is estimated.
 *
 *   DATABASE_URL=postgres://… npm run bench:balancer [-- --duration 10 --connections 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startHaproxy, type StartedHaproxy } from '../../../../scripts/balancer/haproxy.mjs';
import { killAll } from '../../../../scripts/balancer/processes.mjs';
import { freePort } from '../../../../scripts/free-port.mjs';
import { startServer, type StartedServer } from '../../../../scripts/balancer/server.mjs';
import { loadConfig } from '../config.ts';
import { openPostgres, type Database } from '../db/database.ts';
import { jwtKeyring } from '../lib/jwt-keyring.ts';
import { loadOrCreateSecret } from '../lib/secrets.ts';
import { createSigners } from '../lib/signers.ts';
import { processCpuMs, startCpuCount } from './bench-cpu.ts';
import { ms, perRequest, printAligned } from './bench-print.ts';
import { runLoad, type LoadResult } from './bench-run.ts';
import { benchToken, benchUser, removeBenchUsers, rows } from './bench-users.ts';
import { readOptions, runCommand, UsageError, wholeNumber } from './command.ts';

const USAGE = `Usage: DATABASE_URL=postgres://… npm run bench:balancer -- [--duration S] [--connections N] [--warmup S]

Starts two server processes on the PostgreSQL database filled by npm run seed:large, and
Debian's HAProxy (deploy/haproxy.cfg) in front of one of them and in front of both. Loads
GET /api/clients (page 1), GET /api/clients/{id} (1,000 ids) and POST /api/notes (on 1,000 open
plans; the notes removed at the end) with autocannon in each set-up: one process alone, the same
process through HAProxy, two processes through HAProxy. Prints req/s, p50 and p99, and the CPU
time per request of each process, of HAProxy and of PostgreSQL. Needs haproxy installed.`;

const root = path.resolve(import.meta.dirname, '../../../..');

interface Setup {
  name: string;
  url: string;
  servers: StartedServer[];
  balancer?: StartedHaproxy;
}
interface Call {
  name: string;
  paths: string[];
  bodies?: string[];
}
interface Measured {
  setup: Setup;
  call: Call;
  load: LoadResult;
  /** CPU milliseconds during the load: each server process, HAProxy, PostgreSQL's backends. */
  serverMs: number[];
  balancerMs: number;
  postgresMs: number;
}

async function measure(
  setup: Setup,
  call: Call,
  job: { token: string; connections: number; warmup: number; duration: number },
  pool: pg.Pool,
): Promise<Measured> {
  const load = { url: setup.url, paths: call.paths, token: job.token, connections: job.connections };
  const what = { ...load, ...(call.bodies ? { bodies: call.bodies } : {}) };
  if (job.warmup > 0) await runLoad({ ...what, duration: job.warmup });
  const pids = setup.servers.map((s) => s.pid);
  const before = pids.map(processCpuMs);
  const balancerBefore = setup.balancer ? processCpuMs(setup.balancer.pid) : 0;
  const cpuSince = await startCpuCount(pool);
  const result = await runLoad({ ...what, duration: job.duration });
  const cpu = await cpuSince();
  const serverMs = pids.map((pid, i) => processCpuMs(pid) - before[i]!);
  const balancerMs = setup.balancer ? processCpuMs(setup.balancer.pid) - balancerBefore : 0;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${call.name}, ${setup.name}: ${result.non2xx} answers other than 2xx and ${result.errors} errors`,
    );
  return { setup, call, load: result, serverMs, balancerMs, postgresMs: cpu.postgresMs };
}

function printResults(results: Measured[], connections: number, duration: number) {
  console.log(
    `\n${connections} connections, ${duration} s per measurement; CPU in µs per request ` +
      '(each server process, HAProxy, PostgreSQL)\n',
  );
  printAligned(
    ['call', 'set-up', 'req/s', 'p50 ms', 'p99 ms', 'CPU processes', 'CPU HAProxy', 'CPU PostgreSQL'],
    results.map((r) => [
      r.call.name,
      r.setup.name,
      Math.round(r.load.requests / r.load.seconds).toLocaleString('en-CA'),
      ms(r.load.p50),
      ms(r.load.p99),
      r.serverMs.map((m) => perRequest(m, r.load.requests)).join(' + '),
      r.setup.balancer ? perRequest(r.balancerMs, r.load.requests) : '-',
      perRequest(r.postgresMs, r.load.requests),
    ]),
    2,
  );
  console.log(
    '\nOne process per core (from the two processes behind HAProxy: the CPU a request costs the ' +
      'server processes; HAProxy and PostgreSQL need their own share of cores beside them):',
  );
  for (const r of results.filter((x) => x.setup.servers.length === 2)) {
    const appUs = (r.serverMs.reduce((a, b) => a + b, 0) * 1000) / r.load.requests;
    console.log(
      `  ${r.call.name}: ${Math.round(appUs).toLocaleString('en-CA')} µs of a process per request, ` +
        `about ${Math.round(1e6 / appUs).toLocaleString('en-CA')} req/s for each core given to a process`,
    );
  }
}

async function main(): Promise<number> {
  const args = readOptions(
    () =>
      parseArgs({
        options: {
          duration: { type: 'string', default: '10' },
          connections: { type: 'string', default: '10' },
          warmup: { type: 'string', default: '2' },
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
      }).values,
    USAGE,
  );
  if (!args) return 0;
  const duration = wholeNumber('duration', args.duration, { min: 1 }, USAGE);
  const connections = wholeNumber('connections', args.connections, { min: 1 }, USAGE);
  const warmup = Number(args.warmup);
  if (!(warmup >= 0)) throw new UsageError(`--warmup must be 0 seconds or more.\n\n${USAGE}`);

  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (config.database.kind !== 'postgres')
    throw new UsageError('Set DATABASE_URL to the PostgreSQL database filled by npm run seed:large.');

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-balancer-'));
  const pool = new pg.Pool({ connectionString: config.database.url, max: 2 });
  pool.on('error', () => {});
  let database: Database | undefined;
  const servers: StartedServer[] = [];
  const balancers: StartedHaproxy[] = [];
  const benchUserIds: number[] = [];
  try {
    database = await openPostgres(config.database.url);
    await database.migrate();
    const { db } = database;
    await db.execute(sql`VACUUM ANALYZE`);
    const [counts] = await rows<{ clients: number }>(db, sql`SELECT count(*)::int AS clients FROM clients`);
    if (counts!.clients < 1_000)
      throw new UsageError(
        `The database has ${counts!.clients} clients: fill it first with npm run seed:large -- --clients 100000.`,
      );
    const admin = await benchUser(db, 'admin', null);
    benchUserIds.push(admin.userId);
    // The processes read the same keys as this one (the token it signs, the SINs seed:large wrote).
    const jwtSecret = jwtKeyring(config).current.secret;
    const clientDataKey = config.clientDataKey ?? loadOrCreateSecret(config.dataDir, 'client-data.key');
    const auditChainKey = config.audit.chainKey ?? loadOrCreateSecret(config.dataDir, 'audit-chain.key');
    const token = await benchToken(db, createSigners(config).tokens, admin);
    const profileIds = (
      await rows<{ client_id: number }>(
        db,
        sql`SELECT client_id FROM clients ORDER BY hashint4(client_id) LIMIT 1000`,
      )
    ).map((r) => r.client_id);
    const plans = await rows<{ plan_id: number }>(
      db,
      sql`SELECT plan_id FROM plans WHERE status = 'Open' ORDER BY hashint4(plan_id) LIMIT 1000`,
    );

    for (const i of [1, 2]) {
      const server = startServer({
        name: `process ${i}`,
        args: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
        env: {
          ...process.env,
          DATABASE_URL: config.database.url,
          DATA_DIR: config.dataDir,
          JWT_SECRET: jwtSecret,
          CLIENT_DATA_KEY: clientDataKey,
          AUDIT_CHAIN_KEY: auditChainKey,
          AUDIT_CHECKPOINT_FILE: path.join(work, `audit-checkpoints-${i}.log`),
          MIGRATE_ON_START: 'off',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
        },
        port: await freePort(),
        cwd: root,
      });
      servers.push(server);
    }
    await Promise.all(servers.map((s) => s.ready()));
    for (const [name, behind] of [
      ['one', servers.slice(0, 1)],
      ['two', servers],
    ] as const) {
      const dir = path.join(work, name);
      fs.mkdirSync(dir);
      const lb = await startHaproxy({
        port: await freePort(),
        servers: behind.map((s) => `127.0.0.1:${s.port}`),
        workDir: dir,
      });
      balancers.push(lb);
      for (const [i] of behind.entries())
        if (!(await lb.waitFor(`app${i + 1}`, 'UP', 15_000)))
          throw new Error(`HAProxy did not find process ${i + 1} ready`);
    }
    const setups: Setup[] = [
      { name: 'one process', url: servers[0]!.url, servers: servers.slice(0, 1) },
      {
        name: 'one process through HAProxy',
        url: balancers[0]!.url,
        servers: servers.slice(0, 1),
        balancer: balancers[0]!,
      },
      { name: 'two processes through HAProxy', url: balancers[1]!.url, servers, balancer: balancers[1]! },
    ];
    const calls: Call[] = [
      { name: 'GET /api/clients (page 1)', paths: ['/api/clients'] },
      { name: 'GET /api/clients/{id} (1,000 ids)', paths: profileIds.map((id) => `/api/clients/${id}`) },
      {
        name: 'POST /api/notes',
        paths: ['/api/notes'],
        bodies: plans.map((p) =>
          JSON.stringify({ plan_id: p.plan_id, topic: 'Bench note', date: '2026-01-15', notes: 'Called.' }),
        ),
      },
    ];
    console.log(
      `Database: ${counts!.clients.toLocaleString('en-CA')} clients; processes ${servers.map((s) => s.pid).join(' and ')}; ` +
        `HAProxy ${balancers.map((b) => b.url).join(' (one backend) and ')} (two).`,
    );
    const results: Measured[] = [];
    for (const call of calls)
      for (const setup of setups) {
        process.stdout.write(`  ${call.name}, ${setup.name}…`);
        results.push(await measure(setup, call, { token, connections, warmup, duration }, pool));
        console.log(' done');
      }
    printResults(results, connections, duration);
    return 0;
  } finally {
    for (const lb of balancers) await lb.stop();
    for (const s of servers) await s.stop(30_000);
    killAll();
    if (database) await removeBenchUsers(database.db, benchUserIds);
    await database?.close();
    await pool.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

runCommand(main, '\nThe benchmark failed:');
