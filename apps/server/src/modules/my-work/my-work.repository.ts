import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import type { Scope } from '../access/access.policy.ts';
import { withinScope } from '../access/access.repository.ts';

/** Whose work, and the days that decide each list (my-work.service.ts computes them from today). */
export interface MyWorkParams {
  /** The worker: the caller. */
  workerId: number;
  /** The caller's scope: their own centre (the unassigned clients are its). */
  scope: Scope;
  /** Follow-ups due on or before this day are listed… */
  dueBy: string;
  /** …and those due before this day are overdue. */
  overdueBefore: string;
  /** A plan with no activity since this day has gone quiet. */
  quietSince: string;
  /** Rows of each list. */
  limit: number;
}

/** The statement's one row: each list's counts, and its first rows as JSON text. */
export interface MyWorkRow {
  follow_ups_total: number;
  follow_ups_due: number;
  follow_ups: string;
  missing_total: number;
  missing: string;
  quiet_total: number;
  quiet: string;
  unassigned_total: number;
  unassigned: string;
}

const fullName = sql`c.first_name || ' ' || c.last_name`;

/** The first `limit` rows of `source` as a JSON array (text), in `order`. */
const firstRows = (source: SQL, order: SQL, limit: number) =>
  sql`(SELECT coalesce(json_agg(x ORDER BY ${order}), '[]')::text
         FROM (SELECT * FROM ${source} x ORDER BY ${order} LIMIT ${limit}) x)`;

/**
 * GET /my-work in one statement (docs/ARCHITECTURE.md, "My work"). Each of the caller's lists
 * starts from their clients (`clients_worker_updated_idx`: worker, centre), a few hundred rows:
 * - follow-ups not recorded, due by `dueBy`: the caller's own (each follow-up carries its client's
 *   worker, migration 0039: `follow_ups_worker_open_idx`), joined to the caller's clients;
 * - missing information: the clients' own flag;
 * - gone quiet: each client's open plan (`plans_one_open_per_client_uq`) and its last activity
 *   (`plan_activity`, by its key), which triggers keep as the plan, its notes and spendings and
 *   its client's interactions are written (migration 0038): at most two index probes per client,
 *   whatever the plan holds;
 * - unassigned: the centre's clients without a worker, counted from the index alone and read
 *   in its order.
 */
export function myWorkSql(p: MyWorkParams): SQL {
  const scoped = withinScope(p.scope, sql`c.centre_id`);
  const byName = sql`x.client_id`;
  return sql`
    WITH mine AS MATERIALIZED (
      -- The caller's clients, read once for the three lists that start from them.
      SELECT c.client_id, ${fullName} AS full_name, c.updated_at, c.name_key, c.missing_info
        FROM clients c
       WHERE c.worker_id = ${p.workerId} AND ${scoped}
    ), follow_ups AS (
      -- The caller's follow-ups not recorded, due by then: one range of follow_ups_worker_open_idx,
      -- each with its plan's client, then kept when that client is one of the caller's (the scope).
      -- (OFFSET 0 keeps that order: probing each client's plans is what it replaces.)
      SELECT f.follow_up_id, c.client_id, c.full_name, f.plan_id, f.month::int AS month,
             f.due_date::text AS due_date,
             CASE WHEN f.due_date < ${p.overdueBefore}::date THEN 'overdue' ELSE 'due' END AS status
        FROM (
          SELECT f.follow_up_id, f.plan_id, f.month, f.due_date, p.client_id
            FROM follow_ups f JOIN plans p ON p.plan_id = f.plan_id
           WHERE f.worker_id = ${p.workerId} AND f.contact_date IS NULL AND f.due_date <= ${p.dueBy}::date
          OFFSET 0) f
        JOIN mine c ON c.client_id = f.client_id
    ), missing AS (
      SELECT c.client_id, c.full_name, c.updated_at, c.name_key FROM mine c WHERE c.missing_info
    ), quiet AS (
      SELECT c.client_id, c.full_name, p.plan_id, p.date::text AS plan_date, p.last_activity
        FROM mine c
       -- A client's one open plan (plans_one_open_per_client_uq) and its last activity, probed from
       -- each of the caller's clients.
       CROSS JOIN LATERAL (
         SELECT p.plan_id, p.date, a.last_activity_at AS last_activity
           FROM plans p JOIN plan_activity a ON a.plan_id = p.plan_id
          WHERE p.client_id = c.client_id AND p.status = 'Open' LIMIT 1
       ) p
       WHERE p.last_activity < ${p.quietSince}::date
    ), unassigned AS (
      SELECT c.client_id, ${fullName} AS full_name, c.updated_at, c.name_key
        FROM clients c
       WHERE c.worker_id IS NULL AND ${scoped}
       -- NULLS LAST as the centre's index orders them (clients_centre_updated_idx), so its order is read, not sorted.
       ORDER BY c.updated_at DESC NULLS LAST, c.name_key DESC NULLS LAST, c.client_id DESC NULLS LAST
       LIMIT ${p.limit}
    )
    SELECT
      (SELECT count(*) FROM follow_ups)::int AS follow_ups_total,
      (SELECT count(*) FROM follow_ups WHERE status = 'due')::int AS follow_ups_due,
      ${firstRows(sql`follow_ups`, sql`x.due_date, x.follow_up_id`, p.limit)} AS follow_ups,
      (SELECT count(*) FROM missing)::int AS missing_total,
      ${firstRows(sql`missing`, sql`x.updated_at DESC, x.name_key DESC, ${byName} DESC`, p.limit)} AS missing,
      (SELECT count(*) FROM quiet)::int AS quiet_total,
      ${firstRows(sql`quiet`, sql`x.last_activity, x.plan_id`, p.limit)} AS quiet,
      (SELECT count(*) FROM clients c WHERE c.worker_id IS NULL AND ${scoped})::int AS unassigned_total,
      ${firstRows(sql`unassigned`, sql`x.updated_at DESC, x.name_key DESC, ${byName} DESC`, p.limit)} AS unassigned`;
}

export async function readMyWork(db: Executor, p: MyWorkParams): Promise<MyWorkRow> {
  const [row] = await selectRows<MyWorkRow>(db, myWorkSql(p));
  return row!;
}
