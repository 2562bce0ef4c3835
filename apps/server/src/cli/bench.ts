/**
 * Measures the clients and groups API on a PostgreSQL database filled by `npm run seed:large`: the
 * app runs in this process on a free port, autocannon loads it from a worker thread, and the same
 * SQL is then timed directly through a pool, so the table shows what the API adds to the database
 * work; for three calls a bare node:http server runs the same SQL too (bench-floor.ts), so it also
 * shows how much of that any Node.js server pays. Then the group bulk actions are timed on a group
 * of 200 (bench-groups.ts).
 *
 *   DATABASE_URL=postgres://… npm run bench [-- --duration 10 --connections 10]
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPostgres, type Database } from '../db/database.ts';
import { primaryReads, replicaReads, type ReportReads } from '../db/replica.ts';
import { createActorCache } from '../lib/actor-cache.ts';
import { createClientDataCrypto, parseMasterKey } from '../lib/client-data-crypto.ts';
import { createMailer } from '../lib/mailer.ts';
import { boundHeapGrowth } from '../lib/heap.ts';
import { jwtKeyring } from '../lib/jwt-keyring.ts';
import { loadOrCreateSecret } from '../lib/secrets.ts';
import { createSigners } from '../lib/signers.ts';
import { startFloor, type FloorServer } from './bench-floor.ts';
import { printTable, type Row } from './bench-print.ts';
import { measureTrailCost, printTrailCost } from './bench-trail.ts';
import { measureGroupBulk, printBulkTable } from './bench-groups.ts';
import { measureDuplicates, printDuplicatesTable } from './bench-duplicates.ts';
import {
  dashboardTargets,
  filteredListTargets,
  measureMinistry,
  printMinistry,
  withReplicaDashboard,
} from './bench-reports.ts';
import { groupListQuery, listQuery, profileQuery } from './bench-sql.ts';
import { measureTarget, type Target } from './bench-target.ts';
import { myWorkTarget } from './bench-my-work.ts';
import { benchToken, benchUser, removeBenchUsers, rows } from './bench-users.ts';
import { parseArgs } from 'node:util';
import { readOptions, runCommand, UsageError } from './command.ts';

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
fiscal year --ministry-runs times (default 3), with the RSS growth while it streams. With
REPLICA_URL (a streaming replica of DATABASE_URL), the clients dashboard for every centre is also
served from the replica by a second app, measured beside the primary's. --only TEXT
measures only the endpoints whose name contains TEXT (ignoring case); 0 bulk, duplicate or ministry
runs skip those parts. --duplicate-runs N times the Possible duplicates list N times each as an
Admin and a Coordinator, one request at a time.`;

const PER_PAGE = 25;
async function main(): Promise<number> {
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
  if (!args) return 0;
  const duration = Number(args.duration);
  const connections = Number(args.connections);
  const warmup = Number(args.warmup);
  const bulkRuns = Number(args['bulk-runs']);
  const duplicateRuns = Number(args['duplicate-runs']);
  const ministryRuns = Number(args['ministry-runs']);
  const trailPairs = Number(args['trail-pairs']);
  const writePairs = Number(args['write-pairs']);
  const only = args.only?.toLowerCase();
  if (
    ![duration, connections].every((n) => Number.isInteger(n) && n > 0) ||
    ![bulkRuns, duplicateRuns, ministryRuns, trailPairs, writePairs].every(
      (n) => Number.isInteger(n) && n >= 0,
    ) ||
    !(warmup >= 0)
  )
    throw new UsageError(
      `--duration and --connections must be whole numbers above 0, --bulk-runs, --duplicate-runs, --ministry-runs, --trail-pairs and --write-pairs 0 or more.\n\n${USAGE}`,
    );

  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (config.database.kind !== 'postgres')
    throw new UsageError('Set DATABASE_URL to the PostgreSQL database filled by npm run seed:large.');

  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let appTrailOff: FastifyInstance | undefined;
  let appReplica: FastifyInstance | undefined;
  let replica: ReportReads | undefined;
  // The replica's row runs its SQL (and reads PostgreSQL's CPU) on the replica.
  let replicaPool: pg.Pool | undefined;
  let floor: FloorServer | undefined;
  const pool = new pg.Pool({ connectionString: config.database.url, max: connections });
  pool.on('error', () => {});
  const benchUserIds: number[] = [];
  try {
    database = await openPostgres(config.database.url);
    await database.migrate();
    const { db } = database;
    // A database at rest, as autovacuum keeps it: tables a migration just filled analysed and
    // their visibility maps set (index-only scans), whether or not the server runs autovacuum.
    await db.execute(sql`VACUUM ANALYZE`);
    const [counts] = await rows<{ clients: number }>(db, sql`SELECT count(*)::int AS clients FROM clients`);
    if (counts!.clients < 10_000)
      throw new UsageError(
        `The database has ${counts!.clients} clients: fill it first with npm run seed:large -- --clients 100000.`,
      );

    // The Coordinator works in the biggest centre: the hardest case for a centre-scoped list.
    const [biggest] = await rows<{ centre_id: number; clients: number }>(
      db,
      sql`SELECT centre_id, clients FROM centre_client_counts ORDER BY clients DESC, centre_id LIMIT 1`,
    );
    const admin = await benchUser(db, 'admin', null);
    const coordinator = await benchUser(db, 'coordinator', biggest!.centre_id);
    benchUserIds.push(admin.userId, coordinator.userId);

    const { tokens, dashboardLinks } = createSigners(config);
    const clientCrypto = createClientDataCrypto(
      parseMasterKey(config.clientDataKey ?? loadOrCreateSecret(config.dataDir, 'client-data.key')),
    );
    const mailer = createMailer(config.smtp, pino({ level: 'silent' }));
    const context = {
      config,
      db,
      dbKind: 'postgres' as const,
      mailer,
      tokens,
      clientCrypto,
      actors: createActorCache(),
      dashboardLinks,
      // Every report on the primary here; the replica has an app of its own (below).
      reports: primaryReads(db),
    };
    // The server's process as main.ts sets it up.
    boundHeapGrowth();
    app = await buildApp(context, { webDistDir: '/nonexistent' });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    // The same app with the audit trail off: the profile measured on both tells the trail's cost.
    appTrailOff = await buildApp(
      {
        ...context,
        config: { ...config, audit: { ...config.audit, enabled: false } },
        actors: createActorCache(),
      },
      { webDistDir: '/nonexistent' },
    );
    const addressTrailOff = await appTrailOff.listen({ host: '127.0.0.1', port: 0 });
    // With REPLICA_URL, the same app reading its reports from the replica (db/replica.ts).
    let addressReplica: string | undefined;
    if (config.replica) {
      replica = replicaReads(config.replica.url, config.replica.maxLagS, db);
      appReplica = await buildApp(
        { ...context, reports: replica, actors: createActorCache() },
        { webDistDir: '/nonexistent' },
      );
      addressReplica = await appReplica.listen({ host: '127.0.0.1', port: 0 });
      replicaPool = new pg.Pool({ connectionString: config.replica.url, max: connections });
      replicaPool.on('error', () => {});
    }
    // Signed at start, each in a session of its own: they outlive the run (15 minutes).
    const token = {
      admin: await benchToken(db, tokens, admin),
      coordinator: await benchToken(db, tokens, coordinator),
    };

    const total = counts!.clients;
    const latePage = Math.max(1, Math.ceil(total / PER_PAGE) - 1);
    const profileIds = (
      await rows<{ client_id: number }>(
        db,
        sql`SELECT client_id FROM clients ORDER BY hashint4(client_id) LIMIT 1000`,
      )
    ).map((r) => r.client_id);
    const word = 'tremb';
    // The biggest caseload of the biggest centre (npm run seed:large assigns workers).
    const [caseload] = await rows<{ worker_id: number; clients: number }>(
      db,
      sql`SELECT worker_id, count(*)::int AS clients FROM clients
           WHERE centre_id = ${biggest!.centre_id} AND worker_id IS NOT NULL
           GROUP BY worker_id ORDER BY count(*) DESC, worker_id LIMIT 1`,
    );
    const targets: Target[] = [
      {
        name: 'GET /api/clients (page 1 + total, Admin)',
        as: 'admin',
        paths: ['/api/clients'],
        queries: [listQuery({ centreId: null }, { word: null, perPage: PER_PAGE, page: 1 })],
        check: 'list',
        idKey: 'client_id',
        floor: true,
      },
      {
        name: 'GET /api/clients (page 1 + total, Coordinator)',
        as: 'coordinator',
        paths: ['/api/clients'],
        queries: [listQuery({ centreId: biggest!.centre_id }, { word: null, perPage: PER_PAGE, page: 1 })],
        check: 'list',
        idKey: 'client_id',
      },
      {
        name: `GET /api/clients?s=${word} (Admin)`,
        as: 'admin',
        paths: [`/api/clients?s=${word}`],
        queries: [listQuery({ centreId: null }, { word, perPage: PER_PAGE, page: 1 })],
        check: 'list',
        idKey: 'client_id',
      },
      {
        name: `GET /api/clients?s=${word} (Coordinator)`,
        as: 'coordinator',
        paths: [`/api/clients?s=${word}`],
        queries: [listQuery({ centreId: biggest!.centre_id }, { word, perPage: PER_PAGE, page: 1 })],
        check: 'list',
        idKey: 'client_id',
      },
      {
        name: `GET /api/clients?page=${latePage} (Admin)`,
        as: 'admin',
        paths: [`/api/clients?page=${latePage}`],
        queries: [listQuery({ centreId: null }, { word: null, perPage: PER_PAGE, page: latePage })],
        check: 'list',
        idKey: 'client_id',
      },
      // Issue 32: a Coordinator's own clients (`worker=me`, their default list), for the biggest
      // caseload of the biggest centre. The bench account is nobody's worker, so it asks for that
      // worker by id: the same statement as `me` (c.worker_id = the user), in the same scope.
      ...(caseload
        ? [
            {
              name: `GET /api/clients?worker=me (Coordinator, a caseload of ${caseload.clients.toLocaleString('en-CA')})`,
              as: 'coordinator' as const,
              paths: [`/api/clients?worker=${caseload.worker_id}`],
              queries: [
                listQuery(
                  { centreId: biggest!.centre_id },
                  { word: null, perPage: PER_PAGE, page: 1, worker: caseload.worker_id },
                ),
              ],
              check: 'list' as const,
              idKey: 'client_id' as const,
            },
          ]
        : []),
      ...(await myWorkTarget(db, tokens, config, biggest!.centre_id)),
      ...filteredListTargets(biggest!.centre_id, PER_PAGE).map((t): Target => ({
        ...t,
        check: 'list',
        idKey: 'client_id',
      })),
      // The profile with the audit trail on and off (its cost is measured in slices, below).
      ...[false, true].map((trailOff): Target => ({
        name: `GET /api/clients/{id} (Admin, 1,000 ids${trailOff ? ', audit trail off' : ''})`,
        as: 'admin',
        paths: profileIds.map((id) => `/api/clients/${id}`),
        queries: profileIds.map((id) => profileQuery(id)),
        check: 'profile',
        idKey: 'client_id',
        // The floor has no trail: it stands beside the profile measured without one.
        ...(trailOff ? { trailOff, floor: true } : {}),
      })),
      {
        name: 'GET /api/groups (page 1 + total, Coordinator)',
        as: 'coordinator',
        paths: ['/api/groups'],
        queries: [groupListQuery({ centreId: biggest!.centre_id }, { perPage: PER_PAGE, page: 1 })],
        check: 'list',
        idKey: 'group_id',
        floor: true,
      },
      // Reports: each dashboard for every centre and for the Coordinator's (Admin's link: the
      // data answer is public, the token its credential), over the last whole fiscal year.
      ...withReplicaDashboard(
        dashboardTargets(jwtKeyring(config), biggest!.centre_id),
        addressReplica !== undefined,
      ).map((d): Target => ({
        ...d,
        as: 'admin',
        check: 'dashboard',
        idKey: 'client_id',
      })),
    ];

    console.log(
      `Database: ${total.toLocaleString('en-CA')} clients; Coordinator centre ${biggest!.centre_id} ` +
        `(${biggest!.clients.toLocaleString('en-CA')} clients). App at ${address}.`,
    );
    const results: Row[] = [];
    for (const t of targets.filter((x) => only === undefined || x.name.toLowerCase().includes(only))) {
      const url = t.trailOff ? addressTrailOff : t.replica ? addressReplica! : address;
      if (t.floor) floor ??= await startFloor(config.database.url, connections);
      results.push(
        ...(await measureTarget(t, {
          url,
          token: t.token ?? token[t.as],
          connections,
          warmup,
          duration,
          pool: t.replica ? replicaPool! : pool,
          floor,
        })),
      );
    }
    printTable(results, connections, duration);
    if (trailPairs > 0 && results.some((r) => r.name.startsWith('GET /api/clients/{id}'))) {
      process.stdout.write(`\n  the audit trail's cost, ${trailPairs} pairs of 3 s slices…`);
      const cost = await measureTrailCost(
        'the client profile',
        {
          urlOn: address,
          urlOff: addressTrailOff,
          paths: profileIds.map((id) => `/api/clients/${id}`),
          token: token.admin,
          connections,
          pairs: trailPairs,
          seconds: 3,
        },
        pool,
      );
      console.log(' done');
      printTrailCost(cost);
    }
    const profiled = results.some((r) => r.name.startsWith('GET /api/clients/{id}'));
    if (writePairs > 0 && (only === undefined || profiled || 'post /api/notes'.includes(only))) {
      // Notes on 1,000 open plans, as the Admin (every centre); removed at the end of the run.
      const plans = await rows<{ plan_id: number }>(
        db,
        sql`SELECT plan_id FROM plans WHERE status = 'Open' ORDER BY hashint4(plan_id) LIMIT 1000`,
      );
      const note = (planId: number) =>
        JSON.stringify({
          plan_id: planId,
          topic: 'Bench note',
          date: '2026-01-15',
          notes: 'Called about work.',
        });
      process.stdout.write(`\n  the audit trail's cost on a write, ${writePairs} pairs of 3 s slices…`);
      const cost = await measureTrailCost(
        "a note's create (POST /api/notes)",
        {
          urlOn: address,
          urlOff: addressTrailOff,
          paths: ['/api/notes'],
          bodies: plans.map((p) => note(p.plan_id)),
          token: token.admin,
          connections,
          pairs: writePairs,
          seconds: 3,
        },
        pool,
      );
      console.log(' done');
      printTrailCost(cost);
    }
    if (bulkRuns > 0) {
      process.stdout.write(`\n  group bulk actions, ${bulkRuns} runs each…`);
      const bulk = await measureGroupBulk({
        db,
        baseUrl: address,
        token: token.coordinator,
        coordinator: { userId: coordinator.userId, centreId: biggest!.centre_id },
        runs: bulkRuns,
      });
      console.log(' done');
      printBulkTable(bulk);
    }
    if (duplicateRuns > 0 && (only === undefined || 'get /api/clients/duplicates'.includes(only))) {
      process.stdout.write(`\n  the possible duplicates, ${duplicateRuns} runs each…`);
      const found = await measureDuplicates(db, address, token, duplicateRuns);
      console.log(' done');
      printDuplicatesTable(found);
    }
    if (ministryRuns > 0) printMinistry(await measureMinistry(address, token.admin, ministryRuns));
    return 0;
  } finally {
    await app?.close();
    await appTrailOff?.close();
    await appReplica?.close();
    await replica?.close();
    await replicaPool?.end();
    await floor?.close();
    if (database) await removeBenchUsers(database.db, benchUserIds);
    await database?.close();
    await pool.end();
  }
}

runCommand(main, '\nThe benchmark failed:');
