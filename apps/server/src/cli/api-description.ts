// The API description the server serves at GET /api/docs/json, built from the app itself without
// listening: `npm run api:types` writes the web's types from it, `npm run api:lint` lints it.
import crypto from 'node:crypto';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/database.ts';
import { createSigners } from '../lib/signers.ts';
import { createActorCache } from '../lib/actor-cache.ts';
import { createClientDataCrypto, parseMasterKey } from '../lib/client-data-crypto.ts';
import { createMailer } from '../lib/mailer.ts';

/** The API description, from the app itself: nothing listens and no data is read. */
export async function apiDescription(): Promise<unknown> {
  const database = await openPglite();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    CLIENT_DATA_KEY: crypto.randomBytes(32).toString('hex'),
    AUDIT_CHAIN_KEY: crypto.randomBytes(32).toString('hex'),
    // No trail written, so no checkpoint file either (the routes' `x-audit` is there all the same).
    AUDIT_TRAIL: 'off',
    SMTP_HOST: '127.0.0.1',
  });
  const app = await buildApp(
    {
      config,
      db: database.db,
      dbKind: database.kind,
      mailer: createMailer(config.smtp, pino({ level: 'silent' })),
      clientCrypto: createClientDataCrypto(parseMasterKey(config.clientDataKey!)),
      actors: createActorCache(),
      ...createSigners(config),
    },
    { webDistDir: '/nonexistent' },
  );
  await app.ready();
  const document = app.swagger();
  await app.close();
  await database.close();
  return document;
}
