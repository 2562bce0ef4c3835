/**
 * `npm run bench:rotation` with DATABASE_URL naming a seeded PostgreSQL database (npm run
 * seed:large): the rate of `npm run rotate-client-key` while the server serves a light load, and
 * that load's p99 with and without the rotation (issue 30, docs/performance.md).
 *
 * The app runs in this process with a new client data key (the configured one previous); the load
 * (a client list, profiles and SIN reveals, from a few connections) comes from the bench's load
 * thread; the rotation runs as the operator runs it, the command in a process of its own, to the
 * new key. Then the database is rotated back to the configured key (unloaded, its rate shown too),
 * so it stays readable as it was configured.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { CLIENT_KEY_FILE } from '../backup/backup-keys.ts';
import { loadConfig } from '../config.ts';
import { openPostgres, type Database } from '../db/database.ts';
import { primaryReads } from '../db/replica.ts';
import { createActorCache } from '../lib/actor-cache.ts';
import { createClientDataCrypto, parseMasterKey } from '../lib/client-data-crypto.ts';
import { createMailer } from '../lib/mailer.ts';
import { createSigners } from '../lib/signers.ts';
import { readSecret } from '../lib/secrets.ts';
import { ms, printAligned } from './bench-print.ts';
import { runLoad, type LoadResult } from './bench-run.ts';
import { benchToken, benchUser, removeBenchUsers, rows } from './bench-users.ts';
import { readOptions, runCommand, UsageError, wholeNumber } from './command.ts';

const USAGE = `Usage: DATABASE_URL=postgres://… npm run bench:rotation [-- --connections 4] [--seconds 10] [--batch 500]

Measures the client data key rotation's rate (records/s) while the app serves a light load (a
client list, profiles and SIN reveals from --connections connections), and that load's p99 without
the rotation (for --seconds) and during it. The database is rotated back to the configured key at
the end.`;

const COMMAND = path.resolve(import.meta.dirname, 'rotate-client-key.ts');

/** Runs the rotation command to `key` (`previous` accepted); answers its last line ("Done: … records/s"). */
function rotateTo(
  key: string,
  previous: string,
  batch: number,
): { started: Promise<void>; done: Promise<string>; running: () => boolean } {
  let running = true;
  const child = spawn(process.execPath, ['--import', 'tsx', COMMAND, '--batch', String(batch)], {
    env: { ...process.env, CLIENT_DATA_KEY: key, CLIENT_DATA_KEYS_PREVIOUS: previous },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  // Its first line ("Rotating to …") once it has started: the load measured from then on.
  const started = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  const done = new Promise<string>((resolve, reject) =>
    child.once('exit', (code) => {
      running = false;
      const last = output.split('\n').find((l) => l.startsWith('Done:')) ?? output;
      if (code === 0) resolve(last);
      else reject(new Error(`rotate-client-key exited ${code}: ${output}`));
    }),
  );
  return { started, done, running: () => running };
}

async function main(): Promise<number> {
  const args = readOptions(
    () =>
      parseArgs({
        options: {
          connections: { type: 'string', default: '4' },
          seconds: { type: 'string', default: '10' },
          batch: { type: 'string', default: '500' },
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
      }).values,
    USAGE,
  );
  if (!args) return 0;
  const [connections, seconds, batch] = (['connections', 'seconds', 'batch'] as const).map((option) =>
    wholeNumber(option, args[option], { min: 1 }, USAGE),
  ) as [number, number, number];
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (config.database.kind !== 'postgres')
    throw new UsageError('Set DATABASE_URL to the PostgreSQL database filled by npm run seed:large.');
  const configured = config.clientDataKey ?? readSecret(config.dataDir, CLIENT_KEY_FILE);
  if (!configured)
    throw new UsageError('No client data key is configured: the one the database was seeded with.');
  const newKey = crypto.randomBytes(32).toString('hex');

  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const benchUserIds: number[] = [];
  try {
    database = await openPostgres(config.database.url);
    const { db } = database;
    const ids = (
      await rows<{ client_id: number }>(
        db,
        sql`SELECT client_id FROM clients WHERE sin_encrypted IS NOT NULL ORDER BY hashint4(client_id) LIMIT 200`,
      )
    ).map((r) => r.client_id);
    if (ids.length === 0)
      throw new UsageError('The database holds no client with a SIN: seed it first (npm run seed:large).');
    const admin = await benchUser(db, 'admin', null);
    benchUserIds.push(admin.userId);
    const { tokens, dashboardLinks } = createSigners(config);
    app = await buildApp(
      {
        config,
        db,
        dbKind: 'postgres',
        mailer: createMailer(config.smtp, pino({ level: 'silent' })),
        tokens,
        // The servers restarted for the rotation: the new key current, the configured one previous.
        clientCrypto: createClientDataCrypto(parseMasterKey(newKey), [parseMasterKey(configured)]),
        actors: createActorCache(),
        dashboardLinks,
        reports: primaryReads(db),
      },
      { webDistDir: '/nonexistent' },
    );
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    // The light load: the list, then a profile and a reveal of each client in turn.
    const paths = ['/api/clients'];
    const bodies: Array<string | null> = [null];
    for (const id of ids) {
      paths.push(`/api/clients/${id}`, `/api/clients/${id}/sin/reveal`);
      bodies.push(null, '{}');
    }
    const job = { url, paths, bodies, token: await benchToken(db, tokens, admin), connections };
    const checked = (r: LoadResult, label: string) => {
      if (r.non2xx > 0 || r.errors > 0)
        throw new Error(`${label}: ${r.non2xx} answers other than 2xx, ${r.errors} errors`);
      return r;
    };

    console.log(`Light load: ${connections} connections of list, profile and SIN reveal requests.`);
    await runLoad({ ...job, duration: 2 });
    const quiet = checked(await runLoad({ ...job, duration: seconds }), 'without the rotation');
    console.log(`Without the rotation: p99 ${ms(quiet.p99)} ms.`);

    const rotation = rotateTo(newKey, configured, batch);
    await Promise.race([rotation.started, rotation.done]);
    const started = performance.now();
    const during: LoadResult[] = [];
    while (rotation.running())
      during.push(checked(await runLoad({ ...job, duration: 1 }), 'during the rotation'));
    const line = await rotation.done;
    const wall = (performance.now() - started) / 1000;
    console.log(`Rotation: ${line}`);

    const back = rotateTo(configured, newKey, batch);
    const backLine = await back.done;
    console.log(`Rotated back to the configured key (no load): ${backLine}`);

    const p99s = during.map((r) => r.p99).sort((a, b) => a - b);
    const requests = during.reduce((n, r) => n + r.requests, 0);
    const loadSeconds = during.reduce((n, r) => n + r.seconds, 0);
    console.log('');
    printAligned(
      ['', 'req/s', 'p50 ms', 'p99 ms'],
      [
        ['light load alone', (quiet.requests / quiet.seconds).toFixed(0), ms(quiet.p50), ms(quiet.p99)],
        [
          `light load during the rotation (${during.length} slices, ${wall.toFixed(1)} s; p99: worst slice)`,
          loadSeconds > 0 ? (requests / loadSeconds).toFixed(0) : '-',
          ms(during.map((r) => r.p50).sort((a, b) => a - b)[Math.floor(during.length / 2)] ?? NaN),
          ms(p99s.at(-1) ?? NaN),
        ],
      ],
    );
    console.log(`\nRotation under load: ${line.replace(/^Done: /, '')}`);
    return 0;
  } finally {
    await app?.close();
    if (database) {
      await removeBenchUsers(database.db, benchUserIds);
      await database.close();
    }
  }
}

runCommand(main, 'bench:rotation failed:');
