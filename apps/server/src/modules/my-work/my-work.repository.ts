import { sql, type SQL } from 'drizzle-orm';
import type { MyWorkPages } from '@cairn/shared/my-work.schemas';
import { selectRows, type Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
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
  /** Rows in a page of each list. */
  limit: number;
  /** The page of each list (1, the first). */
  pages: MyWorkPages;
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

/**
 * A page of a list as JSON text: each row of `source` (as `x`, joined by `join` to what only the
 * page's rows need, such as names) written as `row`, the answer's shape, its moments as the API
 * writes them, so the service passes the rows on as they are.
 */
const pageRows = (source: SQL, order: SQL, limit: number, page: number, row: SQL, join: SQL) =>
  sql`(SELECT coalesce(json_agg(${row} ORDER BY ${order}), '[]')::text
         FROM (SELECT * FROM ${source} x ORDER BY ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}) x ${join})`;

/** The page's client, by its key: its name. */
const itsClient = sql`JOIN clients c ON c.client_id = x.client_id`;

/** A client of a list as the answer names it, with the time of its last change. */
const clientRow = sql`json_build_object('client_id', x.client_id, 'full_name', ${fullName},
                                        'updated_at', ${isoText(sql`x.updated_at`)})`;

/** A quiet plan as the answer names it. */
const quietRow = sql`json_build_object('client_id', x.client_id, 'full_name', ${fullName}, 'plan_id', x.plan_id,
                                       'plan_date', x.plan_date, 'last_activity', ${isoText(sql`x.last_activity`)})`;

/** A follow-up as the answer names it, with its plan's client. */
const followUpRow = sql`json_build_object('follow_up_id', x.follow_up_id, 'client_id', c.client_id,
                                          'full_name', ${fullName}, 'plan_id', x.plan_id, 'month', x.month,
                                          'due_date', x.due_date, 'status', x.status)`;

/**
 * GET /my-work in one statement (docs/ARCHITECTURE.md, "My work"). Each list is counted whole
 * from indexes and keys, and only the page's rows (`limit` of them, `pages`) read their names:
 * - follow-ups not recorded, due by `dueBy`: the caller's own, in the caller's scope (each
 *   follow-up carries its client's worker and centre, migrations 0037 and 0039: one range of
 *   `follow_ups_worker_open_idx`);
 * - missing information: the caller's clients (`clients_worker_updated_idx`: worker, centre) and
 *   their own flag;
 * - gone quiet: each of those clients' open plan (`plans_one_open_per_client_uq`) and its last
 *   activity (`plan_activity`, by its key), which triggers keep as the plan, its notes and
 *   spendings and its client's interactions are written (migration 0038): at most two index
 *   probes per client, whatever the plan holds;
 * - unassigned: the centre's clients without a worker, counted from the index alone and read
 *   in its order.
 */
export function myWorkSql(p: MyWorkParams): SQL {
  const scoped = withinScope(p.scope, sql`c.centre_id`);
  const newestFirst = sql`x.updated_at DESC, x.name_key DESC, x.client_id DESC`;
  return sql`
    WITH mine AS MATERIALIZED (
      -- The caller's clients, read once for the two lists that start from them.
      SELECT c.client_id, c.updated_at, c.name_key, c.missing_info
        FROM clients c
       WHERE c.worker_id = ${p.workerId} AND ${scoped}
    ), follow_ups AS (
      SELECT f.follow_up_id, f.plan_id, f.month::int AS month, f.due_date::text AS due_date,
             CASE WHEN f.due_date < ${p.overdueBefore}::date THEN 'overdue' ELSE 'due' END AS status
        FROM follow_ups f
       WHERE f.worker_id = ${p.workerId} AND f.contact_date IS NULL AND f.due_date <= ${p.dueBy}::date
         AND ${withinScope(p.scope, sql`f.centre_id`)}
    ), missing AS (
      SELECT c.client_id, c.updated_at, c.name_key FROM mine c WHERE c.missing_info
    ), quiet AS (
      SELECT c.client_id, p.plan_id, p.date::text AS plan_date, p.last_activity
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
      SELECT c.client_id, c.updated_at, c.name_key
        FROM clients c
       WHERE c.worker_id IS NULL AND ${scoped}
       -- NULLS LAST as the centre's index orders them (clients_centre_updated_idx), so its order is read, not sorted.
       ORDER BY c.updated_at DESC NULLS LAST, c.name_key DESC NULLS LAST, c.client_id DESC NULLS LAST
       LIMIT ${p.limit} OFFSET ${(p.pages.unassigned - 1) * p.limit}
    )
    SELECT
      (SELECT count(*) FROM follow_ups)::int AS follow_ups_total,
      (SELECT count(*) FROM follow_ups WHERE status = 'due')::int AS follow_ups_due,
      ${pageRows(
        sql`follow_ups`,
        sql`x.due_date, x.follow_up_id`,
        p.limit,
        p.pages.follow_ups,
        followUpRow,
        sql`JOIN plans pl ON pl.plan_id = x.plan_id JOIN clients c ON c.client_id = pl.client_id`,
      )} AS follow_ups,
      (SELECT count(*) FROM missing)::int AS missing_total,
      ${pageRows(sql`missing`, newestFirst, p.limit, p.pages.missing_info, clientRow, itsClient)} AS missing,
      (SELECT count(*) FROM quiet)::int AS quiet_total,
      ${pageRows(sql`quiet`, sql`x.last_activity, x.plan_id`, p.limit, p.pages.gone_quiet, quietRow, itsClient)} AS quiet,
      (SELECT count(*) FROM clients c WHERE c.worker_id IS NULL AND ${scoped})::int AS unassigned_total,
      -- The unassigned CTE is that page already (read in the index's order).
      ${pageRows(sql`unassigned`, newestFirst, p.limit, 1, clientRow, itsClient)} AS unassigned`;
}

export async function readMyWork(db: Executor, p: MyWorkParams): Promise<MyWorkRow> {
  const [row] = await selectRows<MyWorkRow>(db, myWorkSql(p));
  return row!;
}
