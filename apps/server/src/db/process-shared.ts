import { sql } from 'drizzle-orm';
import { selectRows, type Db } from './database.ts';

/**
 * The statements of what several server processes count or run together (migration 0028,
 * docs/ARCHITECTURE.md, "Several processes"): the rate limits' windows (lib/rate-limit-store.ts)
 * and the daily jobs' runs (lib/daily-job.ts).
 */

export interface RateWindow {
  /** Hits in the window, this one included. */
  current: number;
  /** Milliseconds the window has left. */
  ttl: number;
}

/** A hit: one upsert opens a window (or a new one once it is over) or counts in it. */
export async function rateLimitHit(db: Db, key: string, windowMs: number): Promise<RateWindow> {
  const [row] = await selectRows<{ hits: number; ttl: string }>(
    db,
    sql`INSERT INTO rate_limits AS r (key, hits, window_started) VALUES (${key}, 1, now())
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.window_started + ${windowMs} * interval '1 millisecond' <= now()
                      THEN 1 ELSE r.hits + 1 END,
          window_started = CASE WHEN r.window_started + ${windowMs} * interval '1 millisecond' <= now()
                                THEN now() ELSE r.window_started END
        RETURNING hits, ceil(extract(epoch FROM
          r.window_started + ${windowMs} * interval '1 millisecond' - now()) * 1000)::bigint::text AS ttl`,
  );
  return { current: row!.hits, ttl: Math.max(0, Number(row!.ttl)) };
}

/** The window as it stands, without a hit (none once it is over). */
export async function rateLimitPeek(db: Db, key: string, windowMs: number): Promise<RateWindow> {
  const [row] = await selectRows<{ hits: number; ttl: string }>(
    db,
    sql`SELECT hits, ceil(extract(epoch FROM
          window_started + ${windowMs} * interval '1 millisecond' - now()) * 1000)::bigint::text AS ttl
          FROM rate_limits WHERE key = ${key}`,
  );
  const ttl = Number(row?.ttl ?? 0);
  return row && ttl > 0 ? { current: row.hits, ttl } : { current: 0, ttl: 0 };
}

/** Removes the windows opened more than a day ago (no limit here lasts longer): a daily job. */
export async function dropEndedRateWindows(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_started < now() - interval '1 day'`);
}

/** Claims today's run of `job`: true for the first process to ask on a day, false for the others. */
export async function claimDailyRun(db: Db, job: string): Promise<boolean> {
  const rows = await selectRows<{ job: string }>(
    db,
    sql`INSERT INTO daily_job_runs AS d (job, ran_on) VALUES (${job}, current_date)
        ON CONFLICT (job) DO UPDATE SET ran_on = current_date WHERE d.ran_on < current_date
        RETURNING d.job`,
  );
  return rows.length > 0;
}

/** Gives a failed run's day back, so the next process to look runs it again. */
export async function releaseDailyRun(db: Db, job: string): Promise<void> {
  await db.execute(
    sql`UPDATE daily_job_runs SET ran_on = current_date - 1 WHERE job = ${job} AND ran_on = current_date`,
  );
}
