import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db, DatabaseKind } from './db/database.ts';
import type { ReportReads } from './db/replica.ts';
import type { AccessTokens } from './lib/access-tokens.ts';
import type { ActorCache } from './lib/actor-cache.ts';
import type { ClientDataCrypto } from './lib/client-data-crypto.ts';
import type { DashboardLinks } from './lib/dashboard-links.ts';
import type { Mailer } from './lib/mailer.ts';

/** What every module's routes are built from. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  mailer: Mailer;
  tokens: AccessTokens;
  clientCrypto: ClientDataCrypto;
  /** Signed-in users looked up recently; forget a user whose role, centre or sessions change. */
  actors: ActorCache;
  /** Signs and checks the reports' dashboard links (server secret, injectable clock). */
  dashboardLinks: DashboardLinks;
  /**
   * Where the dashboards, the ministry file and the list exports read: the read replica while it
   * is fresh enough, else `db` (db/replica.ts). buildApp opens it from the configuration unless given.
   */
  reports: ReportReads;
  /**
   * The server's clock: what "today" is for what depends on the date (a follow-up's status, My
   * work's due and overdue follow-ups, gone quiet) and the weekly email. Tests move it forward
   * instead of waiting; buildApp's default is the time.
   */
  now: () => Date;
}

/** A Fastify scope typed by the zod schemas of its routes. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
