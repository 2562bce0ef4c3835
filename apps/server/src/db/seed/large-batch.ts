import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../database.ts';
import type { ClientInsert } from './fake-clients.ts';
import { insertClientBatch } from './large-clients.ts';
import {
  insertInteractionsFor,
  insertOutcomesFor,
  insertPlansFor,
  insertStoriesFor,
} from './large-records.ts';
import { addTotalsFor, buildClientRowsFor, PLAN_ROLLUPS, type Timed } from './large-derived.ts';
import { insertFollowUpsFor } from './large-follow-ups.ts';
import { insertPlanRecordsFor } from './large-plan-records.ts';

/**
 * The large seed's batches: the clients and everything of theirs. With `triggersOff` the records
 * go in with `session_replication_role = replica` (no user or foreign-key trigger fires: the seed
 * is the only writer and its data is consistent), each batch then builds its clients' own derived
 * rows, and the load ends with the sums over all of them (`finishLargeLoad`; large-derived.ts):
 * the statement-level triggers cost the seed most of its time, each table recomputed per
 * statement and cascading into the rollups' own triggers. Until the load is finished, the
 * dashboards' sums lack its clients: an interrupted load leaves a database to drop.
 */

export interface LargeBatch {
  first: number;
  last: number;
  plans: number;
  outcomes: number;
  stories: number;
  followUps: number;
  /** Barriers, supports, trainings, spending lines and notes. */
  records: number;
  interactions: number;
}

const untimed: Timed = (_step, run) => run();

/**
 * No user or foreign-key trigger fires in `tx` until it ends: the seed is the only writer and its
 * data is consistent (a pair's clients, a record's plan are there).
 */
export const withoutTriggers = (tx: Executor) =>
  tx.execute(sql`SET LOCAL session_replication_role = replica`);

/**
 * Whether the database lets this role load without triggers: setting session_replication_role
 * needs a superuser (the dev and test databases, PGlite) or, from PostgreSQL 15, a role granted it.
 */
export async function canLoadWithoutTriggers(db: Db): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await withoutTriggers(tx);
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Inserts `rows` and their records in `tx` (a transaction: the setting lasts until it ends), in
 * the order the records need: an outcome needs its plan, a story its outcome, a closed plan's
 * records stop at its outcome.
 */
export async function insertLargeBatch(
  tx: Executor,
  rows: readonly ClientInsert[],
  options: { triggersOff: boolean; timed?: Timed },
): Promise<LargeBatch> {
  const timed = options.timed ?? untimed;
  if (options.triggersOff) await withoutTriggers(tx);
  const { first, last } = await timed('clients', () => insertClientBatch(tx, rows, { planStatus: true }));
  const plans = await timed('plans', () => insertPlansFor(tx, first, last));
  const outcomes = await timed('outcomes', () => insertOutcomesFor(tx, first, last));
  const stories = await timed('stories', () => insertStoriesFor(tx, first, last));
  const followUps = await timed('follow-ups', () => insertFollowUpsFor(tx, first, last));
  const made = await timed('plan records', () => insertPlanRecordsFor(tx, first, last));
  const interactions = await timed('interactions', () => insertInteractionsFor(tx, first, last));
  if (options.triggersOff) await buildClientRowsFor(tx, first, last, { timed });
  const records = made.barriers + made.supports + made.trainings + made.spendings + made.notes;
  return { first, last, plans, outcomes, stories, followUps, records, interactions };
}

/**
 * With `triggersOff`, adds the sums over the clients in [first, last] (every batch). `together`
 * (PostgreSQL) runs the plans' rollups on a connection of their own beside the other sums, a core
 * each: about half the time each at 100,000 clients.
 */
export async function finishLargeLoad(
  db: Db,
  first: number,
  last: number,
  options: { triggersOff: boolean; together?: boolean; timed?: Timed },
): Promise<void> {
  if (!options.triggersOff) return;
  const part = (only: (table: string) => boolean) =>
    db.transaction(async (tx) => {
      await withoutTriggers(tx);
      // Sorts and hashes of a whole load's records in memory rather than in files.
      await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
      await addTotalsFor(tx, first, last, { timed: options.timed, only });
    });
  const plans = (table: string) => table === PLAN_ROLLUPS;
  if (options.together) await Promise.all([part(plans), part((table) => !plans(table))]);
  else await part(() => true);
}
