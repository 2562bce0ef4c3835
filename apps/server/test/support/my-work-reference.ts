import { sql, type SQL } from 'drizzle-orm';

/**
 * A plan's last activity computed straight from the records, as My work did on every call before
 * migration 0037 kept it in `plan_activity`: the latest of the plan's change, its notes' and
 * spendings' changes and its client's interactions recorded.
 */
const referenceActivity = sql`greatest(
  p.updated_at,
  (SELECT max(n.updated_at) FROM notes n WHERE n.plan_id = p.plan_id),
  (SELECT max(s.updated_at) FROM spendings s WHERE s.plan_id = p.plan_id),
  (SELECT max(i.created_at) FROM client_interactions i WHERE i.client_id = p.client_id))`;

/**
 * The plans (those of `planIds`, else all) whose stored last activity is not the records' (none
 * stored counts as a difference): after inserts and updates there is none; a deletion under a plan
 * leaves its stored time later. Rows `{ plan_id, stored, reference }`, times as text (to the
 * microsecond).
 */
export function activityMismatchesSql(planIds?: number[]): SQL {
  const which = planIds ? sql`p.plan_id = ANY (${`{${planIds.join(',')}}`}::int[])` : sql`true`;
  return sql`
    SELECT p.plan_id, a.last_activity_at::text AS stored, (${referenceActivity})::text AS reference
      FROM plans p LEFT JOIN plan_activity a ON a.plan_id = p.plan_id
     WHERE ${which} AND a.last_activity_at IS DISTINCT FROM ${referenceActivity}
     ORDER BY p.plan_id`;
}
