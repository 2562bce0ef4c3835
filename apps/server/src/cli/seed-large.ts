/**
 * Fills the configured database with a realistic volume of data, to see how the app behaves at
 * scale: ten centres, N clients (100,000 by default), about 1.5 plans and 10 interaction records
 * per client, each plan with its barriers, supports, trainings, spending and case notes, an
 * outcome for every closed plan, success stories, and groups. The same seed gives
 * the same clients.
 *
 *   npm run seed:large -- --clients 100000
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { DEMO_CLIENT_COUNT, seedDemoClients } from '../db/seed/demo-clients.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { createRng } from '../db/seed/fake-data.ts';
import {
  canLoadWithoutTriggers,
  finishLargeLoad,
  insertLargeBatch,
  withoutTriggers,
} from '../db/seed/large-batch.ts';
import { ensureLargeCentres, LARGE_CENTRES } from '../db/seed/large-centres.ts';
import { buildClientBatch } from '../db/seed/large-clients.ts';
import { buildIndexesAgain, setIndexesAside } from '../db/seed/large-indexes.ts';
import { countOf } from '../db/seed/large-sql.ts';
import { insertGroupsFor } from '../db/seed/large-records.ts';
import { deferPairs, findPendingPairs } from '../modules/duplicates/duplicates-pending.service.ts';
import { createClientDataCrypto, parseMasterKey, type ClientDataCrypto } from '../lib/client-data-crypto.ts';
import { loadOrCreateSecret } from '../lib/secrets.ts';
import { parseArgs } from 'node:util';
import { readOptions, runCommand, UsageError, wholeNumber } from './command.ts';

const USAGE = `Usage: npm run seed:large -- [--clients N] [--seed N] [--force]

Adds ten centres (the two demo centres among them), N clients (default 100000) with about
1.5 plans and 10 interaction records each, the plans' barriers, supports, trainings,
spending and notes, outcomes for the closed plans, success stories, and groups, to the database the server uses:
DATABASE_URL, else the embedded one in DATA_DIR. Runs the migrations first. Refuses a
database that already holds more than the demo data, unless --force.`;

/** Clients per statement: big enough to amortise the round trip, small enough to report progress. */
const BATCH = 5000;

const fmt = (n: number) => n.toLocaleString('en-CA');

async function count(db: Db, table: string): Promise<number> {
  const result = await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return countOf(result);
}

/** Milliseconds spent per step of the seed, told at the end: where the time goes. */
const stepMs = new Map<string, number>();
async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    stepMs.set(step, (stepMs.get(step) ?? 0) + performance.now() - started);
  }
}

/** Pending clients whose pairs one statement finds; as many statements at once as the finders. */
const PAIR_BATCH = 1000;
const PAIR_FINDERS = 2;

/**
 * `findPendingPairs`, again when PostgreSQL chose it as a deadlock's victim: two finders inserting
 * the same pair each wait for the other's row (it stopped a 100,000-client seed). The statement
 * is whole or nothing, so its clients are still pending. With `triggersOff`, without the foreign
 * keys' checks of each pair's two clients and of the pending rows taken (large-batch.ts): a batch
 * at 1,000,000 clients 15–35 % faster, the same pairs (docs/performance.md).
 */
async function findSomePairs(db: Db, triggersOff: boolean): Promise<number> {
  for (;;) {
    try {
      return await db.transaction(async (tx) => {
        if (triggersOff) await withoutTriggers(tx);
        return findPendingPairs(tx, PAIR_BATCH);
      });
    } catch (err) {
      const code = (e: unknown) => (e as { code?: string } | null)?.code;
      if (code(err) !== '40P01' && code((err as { cause?: unknown }).cause) !== '40P01') throw err;
    }
  }
}

/**
 * Finds the duplicate pairs of the clients the seed left pending, on `PAIR_FINDERS` connections at
 * once (each statement skips the clients another is taking), telling progress.
 */
async function findPairs(db: Db, triggersOff: boolean): Promise<void> {
  const pending = await count(db, 'client_duplicate_pending');
  let found = 0;
  const started = Date.now();
  const finder = async () => {
    for (let taken; (taken = await findSomePairs(db, triggersOff)) > 0;) {
      found += taken;
      const line = `  duplicate pairs found for ${fmt(found)} / ${fmt(pending)} clients (${fmt(Math.round(found / ((Date.now() - started) / 1000)))} clients/s)`;
      if (process.stdout.isTTY) process.stdout.write(`\r${line}   `);
      else if (found % 100_000 < PAIR_BATCH || found === pending) console.log(line);
    }
  };
  await timed('duplicate pairs', () => Promise.all(Array.from({ length: PAIR_FINDERS }, finder)));
  if (process.stdout.isTTY) process.stdout.write('\n');
}

/**
 * Finds pairs of the batches already in while the next ones load, on a connection of its own:
 * the load keeps one core busy, this the other. Each pair is found once its later client is in
 * (the finder compares a client with every client committed), so the order changes nothing.
 * Answers a function that stops it and answers how many clients it took.
 */
function findPairsMeanwhile(db: Db, triggersOff: boolean): () => Promise<number> {
  let loading = true;
  let taken = 0;
  const running = (async () => {
    while (loading) {
      const n = await findSomePairs(db, triggersOff);
      taken += n;
      if (n === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    loading = false;
    await running;
    return taken;
  };
}

/**
 * `twoConnections`: PostgreSQL, where the pairs are found during the load, the sums split and the
 * indexes built two at a time.
 */
async function seedLarge(
  db: Db,
  crypto: ClientDataCrypto,
  clients: number,
  seed: number,
  twoConnections: boolean,
) {
  const rng = createRng(seed);
  const now = new Date();
  const centres = await ensureLargeCentres(db, rng);
  // The triggers' derived tables built once per batch rather than by every insert (large-batch.ts).
  const triggersOff = await canLoadWithoutTriggers(db);
  console.log(
    triggersOff
      ? '  loading with the triggers off; each batch builds its derived rows, the report sums come last'
      : '  this role may not set session_replication_role: loading with the triggers on (slower)',
  );
  const started = Date.now();
  // The indexes the load does not read, built after it (large-indexes.ts); an interrupted load
  // leaves a database to drop.
  const aside = await timed('indexes set aside', () => setIndexesAside(db));
  console.log(`  ${aside.length} indexes set aside during the load`);
  const ranges: Array<{ first: number; last: number }> = [];
  let plans = 0;
  let outcomes = 0;
  let stories = 0;
  let interactions = 0;
  let records = 0;
  let lastLine = started;
  let lastDone = 0;
  // PGlite has one connection: its pairs wait for the end.
  const stopPairs = twoConnections ? findPairsMeanwhile(db, triggersOff) : async () => 0;

  for (let done = 0; done < clients;) {
    const size = Math.min(BATCH, clients - done);
    const rows = buildClientBatch(rng, centres, crypto, now, size);
    // Each batch whole or not at all (with the triggers off, the report sums still come at the
    // end: an interrupted run then leaves a database to drop).
    const made = await db.transaction(async (tx) => {
      // The clients' duplicate pairs are found once every client is in (findPairs): found with
      // each insert, their cost grows with the clients already there (blocks of similar names).
      await deferPairs(tx);
      return insertLargeBatch(tx, rows, { triggersOff, timed });
    });
    plans += made.plans;
    outcomes += made.outcomes;
    stories += made.stories;
    records += made.records;
    interactions += made.interactions;
    ranges.push(made);
    done += size;
    // Fresh statistics each time the tables double (a database may run without autovacuum):
    // without them the plans' trigger (triggers on) looks up each client's latest plan by scanning
    // every plan, and each batch takes longer than the one before.
    if (Number.isInteger(Math.log2(ranges.length))) await timed('analyze', () => db.execute(sql`ANALYZE`));
    const seconds = (Date.now() - started) / 1000;
    // One line rewritten in a terminal; a line per 20,000 clients in a log, with the rate since
    // the last line too: a rate falling as the database grows shows there.
    if (!process.stdout.isTTY && done % 20_000 !== 0 && done !== clients) continue;
    const recent = (done - lastDone) / ((Date.now() - lastLine) / 1000);
    [lastLine, lastDone] = [Date.now(), done];
    const line =
      `  clients ${fmt(done)} / ${fmt(clients)}  plans ${fmt(plans)}  outcomes ${fmt(outcomes)}` +
      `  stories ${fmt(stories)}  plan records ${fmt(records)}  interactions ${fmt(interactions)}` +
      `  (${fmt(Math.round(done / seconds))} clients/s, lately ${fmt(Math.round(recent))})`;
    if (process.stdout.isTTY) process.stdout.write(`\r${line}   `);
    else console.log(line);
  }
  if (process.stdout.isTTY) process.stdout.write('\n');

  const phases = [`load ${fmt(Math.round((Date.now() - started) / 1000))} s`];
  // The finder gives its core to the sums, then the two finders find the rest.
  const pairsMeanwhileFound = await stopPairs();
  if (twoConnections)
    console.log(`  duplicate pairs found during the load for ${fmt(pairsMeanwhileFound)} clients`);
  const first = Math.min(...ranges.map((r) => r.first));
  const last = Math.max(...ranges.map((r) => r.last));
  if (triggersOff) console.log('  adding the new clients to the report tables…');
  const summed = Date.now();
  await finishLargeLoad(db, first, last, { triggersOff, together: twoConnections, timed });
  phases.push(`report sums ${fmt(Math.round((Date.now() - summed) / 1000))} s`);
  let groups = 0;
  let members = 0;
  for (const centre of centres) {
    const made = await db.transaction((tx) =>
      insertGroupsFor(tx, rng, now, centre, first, last, Math.round((clients * centre.share) / 100 / 500)),
    );
    groups += made.groups;
    members += made.members;
  }
  console.log(`  groups ${fmt(groups)} with ${fmt(members)} memberships`);
  const paired = Date.now();
  await findPairs(db, triggersOff);
  phases.push(`duplicate pairs after the load ${fmt(Math.round((Date.now() - paired) / 1000))} s`);
  console.log(`  building the ${aside.length} indexes set aside…`);
  const indexed = Date.now();
  await timed('indexes built', () => buildIndexesAgain(db, aside, twoConnections ? 2 : 1));
  phases.push(`indexes ${fmt(Math.round((Date.now() - indexed) / 1000))} s`);
  console.log(`  time per phase: ${phases.join(', ')}`);
  const seconds = (ms: number) => `${fmt(Math.round(ms / 100) / 10)} s`;
  const steps = [...stepMs].filter(([step]) => !step.startsWith('derived: '));
  const derived = [...stepMs].filter(([step]) => step.startsWith('derived: '));
  if (derived.length > 0) steps.push(['derived tables', derived.reduce((sum, [, ms]) => sum + ms, 0)]);
  console.log(`  time per step: ${steps.map(([step, ms]) => `${step} ${seconds(ms)}`).join(', ')}`);
  if (derived.length > 0) {
    console.log(
      `  derived tables: ${derived.map(([step, ms]) => `${step.slice(9)} ${seconds(ms)}`).join(', ')}`,
    );
  }
  return { seconds: (Date.now() - started) / 1000 };
}

async function main(): Promise<number> {
  const args = readOptions(
    () =>
      parseArgs({
        options: {
          clients: { type: 'string', default: '100000' },
          seed: { type: 'string', default: '1' },
          force: { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
      }).values,
    USAGE,
  );
  if (!args) return 0;
  const clients = wholeNumber('clients', args.clients, { min: 1, max: 5_000_000 }, USAGE);
  const seed = wholeNumber('seed', args.seed, { min: -Number.MAX_SAFE_INTEGER }, USAGE);

  const config = loadConfig();
  const crypto = createClientDataCrypto(
    parseMasterKey(config.clientDataKey ?? loadOrCreateSecret(config.dataDir, 'client-data.key')),
  );
  const where =
    config.database.kind === 'postgres'
      ? `PostgreSQL (${new URL(config.database.url).pathname.slice(1) || 'default database'})`
      : `the embedded database in ${config.database.dataDir}`;
  let database: Database | undefined;
  try {
    console.log(`Opening ${where}…`);
    database = await openConfiguredDatabase(config);
    await database.migrate();
    const { db } = database;
    // What `npm start` would have made on an empty database, so the demo sign-ins work.
    if (config.seedDemo && (await seedDemo(db))) await seedDemoClients(db, crypto);

    const existing = await count(db, 'clients');
    if (existing > DEMO_CLIENT_COUNT && !args.force) {
      throw new UsageError(
        `The database already has ${fmt(existing)} clients, more than the demo data: nothing was added.\n` +
          'Run with --force to add more anyway.',
      );
    }

    console.log(`Adding ${fmt(clients)} clients over ${LARGE_CENTRES.length} centres (seed ${seed})…`);
    const { seconds } = await seedLarge(db, crypto, clients, seed, database.kind === 'postgres');
    console.log('Updating statistics…');
    // Fresh statistics and a visibility map, so the planner and index-only scans see the new rows.
    await db.execute(sql`VACUUM ANALYZE`);

    const totals = await Promise.all(
      [
        'centres',
        'clients',
        'plans',
        "plans WHERE status = 'Open'",
        'outcomes',
        'stories',
        'plan_barriers',
        'plan_supports',
        'plan_trainings',
        'spendings',
        'notes',
        'client_interactions',
        'groups',
        'group_clients',
      ].map((t) => count(db, t)),
    );
    const [
      centreCount,
      clientCount,
      planCount,
      openCount,
      outcomeCount,
      storyCount,
      barrierCount,
      supportCount,
      trainingCount,
      spendingCount,
      noteCount,
      interactionCount,
      groupCount,
      memberCount,
    ] = totals;
    console.log(`Done in ${Math.round(seconds)} s. The database now holds:`);
    console.log(`  ${fmt(centreCount!)} centres`);
    console.log(`  ${fmt(clientCount!)} clients`);
    console.log(`  ${fmt(planCount!)} plans (${fmt(openCount!)} open), ${fmt(outcomeCount!)} outcomes`);
    console.log(
      `  ${fmt(barrierCount!)} plan barriers, ${fmt(supportCount!)} plan supports, ${fmt(trainingCount!)} plan trainings`,
    );
    console.log(`  ${fmt(spendingCount!)} spending lines, ${fmt(noteCount!)} case notes`);
    console.log(`  ${fmt(storyCount!)} success stories`);
    console.log(`  ${fmt(interactionCount!)} interaction records`);
    console.log(`  ${fmt(groupCount!)} groups with ${fmt(memberCount!)} memberships`);
    return 0;
  } finally {
    await database?.close();
  }
}

runCommand(main, '\nCould not seed the database:');
