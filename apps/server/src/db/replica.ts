import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { SESSION_OPTIONS, type Db } from './database.ts';

/**
 * The read replica for reports (docs/ARCHITECTURE.md, "Read replica"): a streaming standby of the
 * primary, named by REPLICA_URL. The dashboards, the ministry file and the list exports ask
 * `ReportReads.source()` where to read; nothing else reads there and nothing is written there.
 *
 * The freshness rule: the replica serves while it answers, is in recovery with a WAL receiver
 * streaming, and lags the primary by at most REPLICA_MAX_LAG_S. Its lag is 0 when everything it
 * received is replayed (and it streams), else the time since the last transaction it replayed was
 * committed; its data is as of now, or of that commit. Otherwise reads go to the primary, whose
 * data is current (`asOf` null). The check is one small statement, made at most once a CHECK_MS
 * (shared by every request meanwhile), with short timeouts: a replica that errors, or does not
 * answer in time, sends reads to the primary at once.
 */

/** Where a report reads, and how fresh that is: `asOf` null means the primary (current). */
export interface ReportSource {
  db: Db;
  asOf: Date | null;
  from: 'replica' | 'primary';
}

/** The replica as last checked. */
export interface ReplicaState {
  /** `ok`: serving; `lagging`: past the maximum lag; `not_streaming`: no WAL receiver streaming (or not a standby); `unreachable`: error or timeout. */
  state: 'ok' | 'lagging' | 'not_streaming' | 'unreachable';
  /** Seconds behind the primary, when known. */
  lagSeconds: number | null;
  asOf: Date | null;
}

export interface ReportReads {
  /** Whether a replica is configured at all (REPLICA_URL). */
  readonly configured: boolean;
  /** Where a report reads now: the replica when fresh enough, else the primary. */
  source(): Promise<ReportSource>;
  /** The replica's state (checked at most once a CHECK_MS); null without a replica. */
  state(): Promise<ReplicaState | null>;
  /** A read on the replica failed: the primary serves until the next check. */
  failed(): void;
  close(): Promise<void>;
}

/** How long a check's answer is kept, milliseconds. */
export const CHECK_MS = 1000;
/** Connecting to the replica, and the check itself, give up after this, milliseconds. */
const CHECK_TIMEOUT_MS = 1000;

/** Without a replica: every report reads the primary, as before. */
export function primaryReads(primary: Db): ReportReads {
  const source: ReportSource = { db: primary, asOf: null, from: 'primary' };
  return {
    configured: false,
    source: async () => source,
    state: async () => null,
    failed: () => {},
    close: async () => {},
  };
}

interface CheckRow {
  recovery: boolean;
  streaming: boolean;
  caught_up: boolean | null;
  /** Seconds since the last replayed transaction was committed (null before the first). */
  since_replay: number | null;
  replayed_at: string | null;
  now: string;
}

/**
 * One look at the standby. A WAL receiver's `status` is shown only to roles with
 * pg_read_all_stats (pg_monitor); to others its row shows just its pid, which is taken as streaming.
 */
const CHECK_SQL = `
  SELECT pg_is_in_recovery() AS recovery,
         EXISTS (SELECT 1 FROM pg_stat_wal_receiver
                  WHERE pid IS NOT NULL AND coalesce(status, 'streaming') = 'streaming') AS streaming,
         pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AS caught_up,
         extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS since_replay,
         to_char(pg_last_xact_replay_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS replayed_at,
         to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS now`;

/** The state a check's row describes, against the maximum lag. */
export function stateOf(row: CheckRow, maxLagS: number): ReplicaState {
  if (!row.recovery || !row.streaming) return { state: 'not_streaming', lagSeconds: null, asOf: null };
  if (row.caught_up) return { state: 'ok', lagSeconds: 0, asOf: new Date(row.now) };
  if (row.since_replay === null || row.replayed_at === null) {
    return { state: 'lagging', lagSeconds: null, asOf: null };
  }
  const lagSeconds = Math.max(0, row.since_replay);
  return { state: lagSeconds <= maxLagS ? 'ok' : 'lagging', lagSeconds, asOf: new Date(row.replayed_at) };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the replica did not answer in time')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A report waits this long for a connection of the replica's pool (reports share a few). */
const READ_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A small pool whose sessions are read-only (default_transaction_read_only): nothing can be written
 * through it, even when the address names a primary by mistake.
 */
export function readOnlyPool(url: string, size = 6, connectTimeoutMs = READ_CONNECT_TIMEOUT_MS): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    options: `${SESSION_OPTIONS} -c default_transaction_read_only=on`,
  });
  // An idle connection losing its server (the replica stopped) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/**
 * Reads on REPLICA_URL through a readOnlyPool, falling back to `primary`. The check has a
 * connection of its own, so busy reports never make the replica look unreachable.
 */
export function replicaReads(
  url: string,
  maxLagS: number,
  primary: Db,
  options: { poolSize?: number; clock?: () => number } = {},
): ReportReads {
  const now = options.clock ?? Date.now;
  const pool = readOnlyPool(url, options.poolSize);
  const checkPool = readOnlyPool(url, 1, CHECK_TIMEOUT_MS);
  const replica = drizzlePg({ client: pool }) as unknown as Db;
  const primarySource: ReportSource = { db: primary, asOf: null, from: 'primary' };

  let last: { at: number; state: ReplicaState } | null = null;
  let checking: Promise<ReplicaState> | null = null;

  async function check(): Promise<ReplicaState> {
    try {
      const { rows } = await withTimeout(checkPool.query<CheckRow>(CHECK_SQL), CHECK_TIMEOUT_MS);
      return stateOf(rows[0]!, maxLagS);
    } catch {
      return { state: 'unreachable', lagSeconds: null, asOf: null };
    }
  }

  function state(): Promise<ReplicaState> {
    if (last && now() - last.at < CHECK_MS) return Promise.resolve(last.state);
    checking ??= check().then((s) => {
      last = { at: now(), state: s };
      checking = null;
      return s;
    });
    return checking;
  }

  return {
    configured: true,
    async source() {
      const s = await state();
      return s.state === 'ok' ? { db: replica, asOf: s.asOf, from: 'replica' } : primarySource;
    },
    state,
    failed() {
      last = { at: now(), state: { state: 'unreachable', lagSeconds: null, asOf: null } };
    },
    close: async () => {
      await Promise.all([pool.end(), checkPool.end()]);
    },
  };
}
