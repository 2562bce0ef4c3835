import { pino } from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { readySchema } from './db/schema-level.ts';
import { seedDemoClients } from './db/seed/demo-clients.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './db/seed/demo.ts';
import { createServerActorCache } from './lib/change-notices.ts';
import { createClientDataCrypto, parseMasterKey, parseMasterKeys } from './lib/client-data-crypto.ts';
import { createMailer } from './lib/mailer.ts';
import { loadOrCreateSecret } from './lib/secrets.ts';
import { createSigners } from './lib/signers.ts';
import { keyStoredDigests } from './modules/attachments/attachment-digests.service.ts';
import { boundHeapGrowth } from './lib/heap.ts';
import { stopOnSignals } from './lib/shutdown.ts';

async function main() {
  boundHeapGrowth();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openConfiguredDatabase(config);
  await readySchema(database, {
    migrateOnStart: config.migrateOnStart,
    onWait: (pending) =>
      log.warn(
        { pending },
        'waiting for `npm run migrate`: the schema is older than this version (MIGRATE_ON_START=off)',
      ),
  });
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;

  const mailer = createMailer(config.smtp, log);
  const clientCrypto = createClientDataCrypto(
    parseMasterKey(config.clientDataKey ?? loadOrCreateSecret(config.dataDir, 'client-data.key')),
    parseMasterKeys(config.clientDataKeysPrevious),
  );
  if (seeded) await seedDemoClients(database.db, clientCrypto);
  // Attachments stored before their digests were keyed (migration 0024): keyed once, here.
  const keyed = await keyStoredDigests(database.db, clientCrypto);
  if (keyed > 0) log.info({ keyed }, 'attachment digests keyed');
  const app = await buildApp(
    {
      config,
      db: database.db,
      dbKind: database.kind,
      mailer,
      clientCrypto,
      actors: createServerActorCache(config.database, log),
      ...createSigners(config),
    },
    { loggerInstance: log },
  );
  await app.listen({ host: config.host, port: config.port });

  const url = `http://localhost:${config.port}`;
  const lines = [`Cairn is running at ${url} (database: ${database.kind})`];
  if (config.seedDemo) {
    lines.push(seeded ? 'Demo data was seeded. Demo sign-ins:' : 'Demo sign-ins (if not changed since):');
    for (const u of DEMO_USERS) lines.push(`  ${u.email.padEnd(26)} ${DEMO_PASSWORD}`);
  }
  console.log(lines.join('\n'));

  stopOnSignals(app, {
    ...config.shutdown,
    closeAfter: async () => {
      await database.close();
      mailer.close();
    },
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
