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
import type { Clock, DashboardLinks } from './lib/dashboard-links.ts';
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
   * The server's clock (milliseconds since the epoch) for what depends on the day, a follow-up's
   * status; Date.now unless given (tests move it forward instead of waiting).
   */
  clock?: Clock;
  /**
   * Where the dashboards, the ministry file and the list exports read: the read replica while it
   * is fresh enough, else `db` (db/replica.ts). buildApp opens it from the configuration unless given.
   */
  reports: ReportReads;
}

/** A Fastify scope typed by the zod schemas of its routes. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
