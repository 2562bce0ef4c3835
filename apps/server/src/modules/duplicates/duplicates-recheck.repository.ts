import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import type { Scope } from '../access/access.policy.ts';
import { withinScope } from '../access/access.repository.ts';

/** The SQL of re-checking matches made earlier (duplicates-recheck.service.ts). */

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The time from which a client written may not have been seen by a match starting now: now, or
 * the start of the oldest transaction still open (its writes, stamped with its start, commit later).
 */
export async function matchingSince(db: Executor): Promise<Date> {
  const [row] = await selectRows<{ since: Date | string }>(
    db,
    sql`SELECT least(clock_timestamp(), (SELECT min(xact_start) FROM pg_stat_activity
                                          WHERE datname = current_database())) AS since`,
  );
  return new Date(row!.since);
}

/** A client written since, by the keys the matcher's blocks compare. */
export interface ChangedClient {
  match_first: string;
  match_family: string;
  dob: string | null;
  sin_hash: string | null;
  email: string | null;
  match_phone: string;
}

/** The clients within the scope written (created, changed, merged into) since `since`. */
export function clientsWrittenSince(db: Executor, scope: Scope, since: Date): Promise<ChangedClient[]> {
  return selectRows<ChangedClient>(
    db,
    sql`SELECT c.match_first, c.match_family, to_char(c.date_of_birth, 'YYYY-MM-DD') AS dob, c.sin_hash,
               c.email, c.match_phone
          FROM clients c WHERE c.updated_at >= ${since.toISOString()}::timestamptz
           AND ${withinScope(scope, sql`c.centre_id`)}`,
  );
}

/** Of `ids`, the clients still on file within the scope and not written since `since`. */
export async function clientsUnchangedSince(
  db: Executor,
  scope: Scope,
  ids: readonly number[],
  since: Date,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await selectRows<{ client_id: number }>(
    db,
    sql`SELECT c.client_id FROM clients c
         WHERE c.client_id = ANY(${idArray(ids)}) AND c.updated_at < ${since.toISOString()}::timestamptz
           AND ${withinScope(scope, sql`c.centre_id`)}`,
  );
  return new Set(rows.map((r) => r.client_id));
}
