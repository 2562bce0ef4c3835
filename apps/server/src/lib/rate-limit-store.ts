import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database.ts';
import { rateLimitHit, rateLimitPeek, type RateWindow } from '../db/process-shared.ts';

/**
 * @fastify/rate-limit's store in the database (docs/ARCHITECTURE.md, "Several processes"): each
 * route's window per caller is one row of `rate_limits` (migration 0028), counted by one upsert,
 * so every process behind a load balancer adds to the same count. A window opens at the first hit
 * and lasts `timeWindow`; the next hit after it opens another. Windows long over are removed by a
 * daily job (`dropEndedRateWindows`).
 */

type Callback = (err: Error | null, result?: RateWindow) => void;

/** What the plugin gives a route's store: the route's settings, with the route as `routeInfo`. */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The route a store counts for, from what the plugin gives it (typed loosely by the plugin). */
function routeOf(params: unknown): string {
  const info = (params as RouteParams | undefined)?.routeInfo;
  if (!info?.url) return '';
  return `${Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '')} ${info.url}`;
}

const answer = (cb: Callback) => [(r: RateWindow) => cb(null, r), (err: Error) => cb(err)] as const;

/** The store class the plugin instantiates, bound to the app's database. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(params?: unknown) {
      this.prefix = `${routeOf(params)}|`;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      void rateLimitHit(db, this.prefix + key, timeWindow).then(...answer(cb));
    }

    read(key: string, cb: Callback, timeWindow: number) {
      void rateLimitPeek(db, this.prefix + key, timeWindow).then(...answer(cb));
    }

    child(params: unknown) {
      return new DatabaseRateLimitStore(params);
    }
  };
}
