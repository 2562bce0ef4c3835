/**
 * `npm run bench:import` with DATABASE_URL naming a seeded PostgreSQL database (npm run
 * seed:large): the time of a spreadsheet import's preview (POST /api/imports) and commit (POST
 * /api/imports/{id}/commit) of --rows rows (default 10,000), and the server's RSS growth during
 * each (issue 31, docs/performance.md; goal: each at most 10 s and 100 MB).
 *
 * The app runs in this process (its RSS is the server's), called over HTTP by a Coordinator of
 * the first centre. The file is a CSV made before the measure: every tenth row repeats an
 * existing client of the centre (name and date of birth), the others are new people. The clients
 * the commit created are removed at the end, with the bench's account.
 */
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
import { boundHeapGrowth } from '../lib/heap.ts';
import { createMailer } from '../lib/mailer.ts';
import { readSecret } from '../lib/secrets.ts';
import { createSigners } from '../lib/signers.ts';
import { printAligned } from './bench-print.ts';
import { benchToken, benchUser, removeBenchUsers, rows } from './bench-users.ts';
import { readOptions, runCommand, UsageError, wholeNumber } from './command.ts';

const USAGE = `Usage: DATABASE_URL=postgres://… npm run bench:import [-- --rows 10000]

Times a spreadsheet import's preview and commit of --rows rows (a CSV, every tenth row an existing
client) and the server's RSS growth during each. The clients created are removed at the end.`;

const HEADERS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'sin',
  'disability',
  'citizenship',
  'indigenous',
  'consent',
];

const FIRST = [
  'Amelia',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Esther',
  'Farid',
  'Gwen',
  'Hiroshi',
  'Ines',
  'Jasper',
  'Kalani',
  'Lucien',
  'Marisol',
  'Nadim',
  'Orla',
  'Priya',
  'Quentin',
  'Rosalind',
  'Soren',
  'Tamsin',
  'Ulric',
  'Vesna',
  'Wendell',
  'Ximena',
  'Yusuf',
  'Zora',
  'Anouk',
  'Bartholomew',
  'Cosima',
  'Desmond',
  'Elodie',
  'Fitzgerald',
  'Giselle',
  'Horatio',
  'Isolde',
  'Jericho',
  'Kestrel',
  'Leopold',
  'Mireille',
  'Nikolai',
];
const LAST = [
  'Abernathy',
  'Bellweather',
  'Castellanos',
  'Delacroix',
  'Eriksen',
  'Fairweather',
  'Galbraith',
  'Hollingsworth',
  'Ibarra',
  'Jablonski',
  'Kowalczyk',
  'Lindqvist',
  'Montgomery',
  'Nakamura',
  'Okonkwo',
  'Pemberton',
  'Quaresma',
  'Rasmussen',
  'Szczepanski',
  'Thorvaldsen',
  'Umberger',
  'Vasquez',
  'Whitlock',
  'Xiong',
  'Yarborough',
  'Zielinski',
  'Achterberg',
  'Beaulieu',
  'Cavanaugh',
  'Dufresne',
  'Eastwood',
  'Fitzwilliam',
  'Grünewald',
  'Haverford',
  'Ignatiev',
  'Jorgensen',
  'Kilpatrick',
  'Laframboise',
  'Magnusson',
  'Nightingale',
  'Oyelaran',
  'Pettigrew',
  'Quigley',
  'Rutherford',
  'Sandoval',
  'Trudeau',
  'Underhill',
  'Valentine',
  'Wainwright',
  'Yamamoto',
];

/**
 * The CSV: new people (names from the lists above, each pair of names again only on another date
 * of birth, the dates spread over fifty years), every tenth row an existing client. New people
 * that the duplicate matcher would take for one another would make the commit skip them.
 */
function fileOf(
  count: number,
  existing: Array<{ first_name: string; last_name: string; date_of_birth: string }>,
) {
  const lines = [HEADERS.join(',')];
  const start = Date.UTC(1950, 0, 1);
  for (let i = 0; i < count; i++) {
    const known = i % 10 === 9 ? existing[i % Math.max(1, existing.length)] : undefined;
    const born = new Date(start + ((i * 7919) % 18_250) * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      [
        known?.first_name ?? FIRST[i % FIRST.length],
        known?.last_name ?? LAST[Math.floor(i / FIRST.length) % LAST.length],
        known?.date_of_birth ?? born,
        known ? '' : String(100000000 + ((i * 7919) % 899999999)),
        i % 2 ? 'Yes' : 'No',
        'Canadian citizen',
        'No',
        'Yes',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs `work` while sampling the process's memory: its time, the RSS growth over the RSS before
 * it, and the growth of V8's heap in use and of memory outside it (buffers), each at its peak, so
 * that a growth of the RSS can be told apart: live objects, garbage not yet collected (the RSS
 * grows, the heap in use falls back), or buffers.
 */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; rssMb: number; heapMb: number; externalMb: number }> {
  global.gc?.();
  const base = process.memoryUsage();
  const peak = { rss: base.rss, heapUsed: base.heapUsed, external: base.external };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.external = Math.max(peak.external, now.external);
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const value = await work();
    sample();
    return {
      value,
      seconds: (performance.now() - started) / 1000,
      rssMb: (peak.rss - base.rss) / 1e6,
      heapMb: (peak.heapUsed - base.heapUsed) / 1e6,
      externalMb: (peak.external - base.external) / 1e6,
    };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<number> {
  const args = readOptions(
    () =>
      parseArgs({
        options: { rows: { type: 'string', default: '10000' }, help: { type: 'boolean', short: 'h' } },
        strict: true,
      }).values,
    USAGE,
  );
  if (!args) return 0;
  const count = wholeNumber('rows', args.rows, { min: 1, max: 50_000 }, USAGE);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (config.database.kind !== 'postgres')
    throw new UsageError('Set DATABASE_URL to a PostgreSQL database (npm run seed:large).');
  const key = config.clientDataKey ?? readSecret(config.dataDir, CLIENT_KEY_FILE);
  if (!key) throw new UsageError('No client data key is configured: the one the database was seeded with.');

  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const benchUserIds: number[] = [];
  try {
    database = await openPostgres(config.database.url);
    const { db } = database;
    const [centre] = await rows<{ centre_id: number }>(
      db,
      sql`SELECT min(centre_id) AS centre_id FROM centres`,
    );
    if (!centre?.centre_id)
      throw new UsageError('The database holds no centre: seed it first (npm run seed:large).');
    const existing = await rows<{ first_name: string; last_name: string; date_of_birth: string }>(
      db,
      sql`SELECT first_name, last_name, date_of_birth::text AS date_of_birth FROM clients
           WHERE centre_id = ${centre.centre_id} AND date_of_birth IS NOT NULL
                 AND first_name !~ '[,"\\n]' AND last_name !~ '[,"\\n]' LIMIT 1000`,
    );
    const coordinator = await benchUser(db, 'coordinator', centre.centre_id);
    benchUserIds.push(coordinator.userId);
    const { tokens, dashboardLinks } = createSigners(config);
    // The server's process as main.ts sets it up.
    boundHeapGrowth();
    app = await buildApp(
      {
        config,
        db,
        dbKind: 'postgres',
        mailer: createMailer(config.smtp, pino({ level: 'silent' })),
        tokens,
        clientCrypto: createClientDataCrypto(parseMasterKey(key)),
        actors: createActorCache(),
        dashboardLinks,
        reports: primaryReads(db),
      },
      { webDistDir: '/nonexistent' },
    );
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const auth = { authorization: `Bearer ${await benchToken(db, tokens, coordinator)}` };
    const csv = fileOf(count, existing);
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM clients`);

    const preview = await measured(async () => {
      const form = new FormData();
      form.append('kind', 'clients');
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
      const res = await fetch(`${url}/api/imports`, { method: 'POST', body: form, headers: auth });
      if (res.status !== 201) throw new Error(`preview answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { import_id: number; rows: number; valid: number; duplicates: number };
    });
    const commit = await measured(async () => {
      const res = await fetch(`${url}/api/imports/${preview.value.import_id}/commit`, {
        method: 'POST',
        body: JSON.stringify({ duplicates: 'skip' }),
        headers: { ...auth, 'content-type': 'application/json' },
      });
      if (res.status !== 200) throw new Error(`commit answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { created: number; skipped: number };
    });

    console.log(
      `${count} rows (${preview.value.duplicates} duplicates), ${Math.round(csv.length / 1024)} KB, into a database of ${n} clients.\n`,
    );
    const line = (label: string, m: typeof preview | typeof commit) => [
      label,
      m.seconds.toFixed(2),
      m.rssMb.toFixed(0),
      m.heapMb.toFixed(0),
      m.externalMb.toFixed(0),
    ];
    printAligned(
      ['', 'seconds', 'RSS growth MB', 'heap in use, peak growth MB', 'outside the heap MB'],
      [
        line(`preview (${preview.value.valid} valid)`, preview),
        line(`commit (${commit.value.created} created, ${commit.value.skipped} skipped)`, commit),
      ],
    );
    return 0;
  } finally {
    await app?.close();
    if (database) {
      const ids = sql.join(benchUserIds.length ? benchUserIds : [0], sql`, `);
      await database.db.execute(
        // The bench's own accounts created these clients alone.
        sql`DELETE FROM clients WHERE created_by IN (${ids})`,
      );
      await database.db.execute(sql`DELETE FROM imports WHERE created_by IN (${ids})`);
      await database.db.execute(sql`UPDATE clients SET created_by = NULL WHERE created_by IN (${ids})`);
      await removeBenchUsers(database.db, benchUserIds);
      await database.close();
    }
  }
}

runCommand(main, 'bench:import failed:');
