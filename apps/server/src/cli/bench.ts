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
import { openPostgres, SESSION_OPTIONS, type Database } from '../db/database.ts';
import { primaryReads, replicaReads, type ReportReads } from '../db/replica.ts';
import { createActorCache } from '../lib/actor-cache.ts';
import { createClientDataCrypto, parseMasterKey } from '../lib/client-data-crypto.ts';
import { createMailer } from '../lib/mailer.ts';
import { boundHeapGrowth } from '../lib/heap.ts';
import { loadOrCreateSecret } from '../lib/secrets.ts';
import { createSigners } from '../lib/signers.ts';
import { startFloor, type FloorServer } from './bench-floor.ts';
import { printTable, type Row } from './bench-print.ts';
import { measureTrailCost, printTrailCost } from './bench-trail.ts';
import { measureGroupBulk, printBulkTable } from './bench-groups.ts';
import { measureDuplicates, printDuplicatesTable } from './bench-duplicates.ts';
import { measureMinistry, measureMinistryFile, printMinistry, printMinistryFile } from './bench-reports.ts';
import { measureTarget } from './bench-target.ts';
import { benchToken, benchUser, removeBenchUsers, rows } from './bench-users.ts';
import { benchOptions } from './bench-options.ts';
import { checkSearches, printSearchChecks } from './bench-search.ts';
import { benchTargets } from './bench-targets.ts';
import { runCommand, UsageError } from './command.ts';

const PER_PAGE = 25;
async function main(): Promise<number> {
  const options = benchOptions();
  if (!options) return 0;
  const {
    duration,
    connections,
    warmup,
    bulkRuns,
    duplicateRuns,
    ministryRuns,
    trailPairs,
    writePairs,
    only,
  } = options;

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
  const pool = new pg.Pool({
    connectionString: config.database.url,
    max: connections,
    options: SESSION_OPTIONS,
  });
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
      replicaPool = new pg.Pool({
        connectionString: config.replica.url,
        max: connections,
        options: SESSION_OPTIONS,
      });
      replicaPool.on('error', () => {});
    }
    // Signed at start, each in a session of its own: they outlive the run (15 minutes).
    const token = {
      admin: await benchToken(db, tokens, admin),
      coordinator: await benchToken(db, tokens, coordinator),
    };

    const total = counts!.clients;
    const profileIds = (
      await rows<{ client_id: number }>(
        db,
        sql`SELECT client_id FROM clients ORDER BY hashint4(client_id) LIMIT 1000`,
      )
    ).map((r) => r.client_id);
    const targets = await benchTargets({
      db,
      config,
      tokens,
      total,
      centreId: biggest!.centre_id,
      profileIds,
      perPage: PER_PAGE,
      withReplica: addressReplica !== undefined,
    });

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
    let searchesWrong = false;
    if (results.some((r) => r.name.includes('?s='))) {
      const checks = await checkSearches(db, biggest!.centre_id);
      printSearchChecks(checks);
      searchesWrong = checks.some((c) => !c.pagesEqual);
    }
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
    if (ministryRuns > 0) printMinistry(await measureMinistry(address, token.admin, ministryRuns, pool));
    if (ministryRuns > 0)
      printMinistryFile(await measureMinistryFile(address, token.admin, ministryRuns, pool));
    if (searchesWrong) console.error('\nA search answered other pages than every match ranked: see above.');
    return searchesWrong ? 1 : 0;
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
