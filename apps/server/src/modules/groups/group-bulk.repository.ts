import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';

/**
 * The set-based writes of a group's bulk actions: each is one statement over every member, never
 * a loop of per-member writes. They run on the transaction that checked the group and locked its
 * members' open plans (lockOpenPlans).
 */

export interface BulkInteraction {
  interactionId: number;
  date: string;
  count: number;
}

export interface BulkSupport {
  supportId: number;
  otherName: string | null;
}

export interface BulkTraining {
  trainingId: number;
  date: string;
  noc: string | null;
  otherName: string | null;
}

/** The open plans of the group's members, as the `open_plans` table of a statement. */
const openPlans = (groupId: number) => sql`open_plans AS (
  SELECT p.plan_id
    FROM group_clients gc JOIN plans p ON p.client_id = gc.client_id AND p.status = 'Open'
   WHERE gc.group_id = ${groupId})`;

/** Rows as a VALUES list (each value already cast), aliased `i` with the given column names. */
function valuesTable(rows: SQL[][], columns: string): SQL {
  return sql`(VALUES ${sql.join(
    rows.map((row) => sql`(${sql.join(row, sql`, `)})`),
    sql`, `,
  )}) AS i(${sql.raw(columns)})`;
}

/** How many rows an `ins` insert … RETURNING 1 wrote. */
async function countInserted(db: Executor, statement: SQL): Promise<number> {
  const [row] = await selectRows<{ added: number }>(
    db,
    sql`${statement} SELECT count(*)::int AS added FROM ins`,
  );
  return row?.added ?? 0;
}

/** The group's members' client ids (how many the action reached, and whom, for the audit entry). */
export async function memberIds(db: Executor, groupId: number): Promise<number[]> {
  const rows = await selectRows<{ client_id: number }>(
    db,
    sql`SELECT client_id FROM group_clients WHERE group_id = ${groupId} ORDER BY client_id`,
  );
  return rows.map((r) => r.client_id);
}

/**
 * Locks the members' open plans until the transaction ends, so none closes (an outcome) or goes
 * (a delete) while the bulk action writes to it. A plan closed meanwhile is no longer open when
 * the lock is granted, and is left out.
 */
export async function lockOpenPlans(db: Executor, groupId: number): Promise<void> {
  await selectRows(
    db,
    sql`SELECT p.plan_id
          FROM group_clients gc JOIN plans p ON p.client_id = gc.client_id AND p.status = 'Open'
         WHERE gc.group_id = ${groupId}
           FOR UPDATE OF p`,
  );
}

/** Appends the records to every member's interactions; answers how many rows were written. */
export function insertGroupInteractions(
  db: Executor,
  groupId: number,
  userId: number,
  records: readonly BulkInteraction[],
): Promise<number> {
  if (records.length === 0) return Promise.resolve(0);
  const rows = records.map((r) => [
    sql`${r.interactionId}::int`,
    sql`${r.date}::date`,
    sql`${r.count}::smallint`,
  ]);
  return countInserted(
    db,
    sql`WITH ins AS (
          INSERT INTO client_interactions (client_id, interaction_id, date, count, created_by)
          SELECT gc.client_id, i.interaction_id, i.date, i.count, ${userId}::int
            FROM group_clients gc CROSS JOIN ${valuesTable(rows, 'interaction_id, date, count')}
           WHERE gc.group_id = ${groupId}
          RETURNING 1)`,
  );
}

/**
 * Adds the supports to the end of every member's open plan, in the order given, leaving out what
 * a plan already has (spec §9: 'Other' once per name, any other support once).
 */
export function insertGroupSupports(
  db: Executor,
  groupId: number,
  supports: readonly BulkSupport[],
): Promise<number> {
  if (supports.length === 0) return Promise.resolve(0);
  const rows = supports.map((s, ord) => [
    sql`${s.supportId}::int`,
    sql`${s.otherName}::text`,
    sql`${ord}::int`,
  ]);
  return countInserted(
    db,
    sql`WITH ${openPlans(groupId)}, ins AS (
          INSERT INTO plan_supports (plan_id, support_id, other_name, position)
          SELECT x.plan_id, i.support_id, i.other_name,
                 coalesce((SELECT max(ps.position) FROM plan_supports ps WHERE ps.plan_id = x.plan_id), -1)
                   + row_number() OVER (PARTITION BY x.plan_id ORDER BY i.ord)
            FROM open_plans x CROSS JOIN ${valuesTable(rows, 'support_id, other_name, ord')}
           WHERE NOT EXISTS (
                   SELECT 1 FROM plan_supports ps
                    WHERE ps.plan_id = x.plan_id AND ps.support_id = i.support_id
                      AND coalesce(lower(ps.other_name), '') = coalesce(lower(i.other_name), ''))
          ON CONFLICT DO NOTHING
          RETURNING 1)`,
  );
}

/**
 * Adds the trainings to every member's open plan, leaving out one the plan already has on the
 * same date (for 'Other', under the same name).
 */
export function insertGroupTrainings(
  db: Executor,
  groupId: number,
  trainings: readonly BulkTraining[],
): Promise<number> {
  if (trainings.length === 0) return Promise.resolve(0);
  const rows = trainings.map((t) => [
    sql`${t.trainingId}::int`,
    sql`${t.date}::date`,
    sql`${t.noc}::text`,
    sql`${t.otherName}::text`,
  ]);
  return countInserted(
    db,
    sql`WITH ${openPlans(groupId)}, ins AS (
          INSERT INTO plan_trainings (plan_id, training_id, date, noc, other_name)
          SELECT x.plan_id, i.training_id, i.date, i.noc, i.other_name
            FROM open_plans x CROSS JOIN ${valuesTable(rows, 'training_id, date, noc, other_name')}
           WHERE NOT EXISTS (
                   SELECT 1 FROM plan_trainings pt
                    WHERE pt.plan_id = x.plan_id AND pt.training_id = i.training_id AND pt.date = i.date
                      AND coalesce(lower(pt.other_name), '') = coalesce(lower(i.other_name), ''))
          RETURNING 1)`,
  );
}

/** Marks the members' open plans changed. */
export async function touchOpenPlans(db: Executor, groupId: number): Promise<void> {
  await selectRows(
    db,
    sql`WITH ${openPlans(groupId)}
        UPDATE plans SET updated_at = now() WHERE plan_id IN (SELECT plan_id FROM open_plans) RETURNING 1`,
  );
}
