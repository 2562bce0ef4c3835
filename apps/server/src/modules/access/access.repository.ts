import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import type { Scope } from './access.policy.ts';

/**
 * The scope predicate: true for the rows whose centre (the SQL `centreId`, a column or an
 * expression) lies within `scope`. Every list query of a table with a path to a centre uses it.
 */
export function withinScope(scope: Scope, centreId: SQL): SQL {
  if (scope.allCentres) return sql`true`;
  if (scope.centreId === null) return sql`false`;
  return sql`${centreId} = ${scope.centreId}`;
}

/**
 * What the scope predicate's text depends on: every centre, one centre, or none (a user with no
 * centre). A statement built once per shape (db/database.ts shapedStatement) keys on it and gets
 * its centre back as a value through shapedScope.
 */
export type ScopeShape = 'all' | 'one' | 'none';

export function scopeShape(scope: Scope): ScopeShape {
  return scope.allCentres ? 'all' : scope.centreId === null ? 'none' : 'one';
}

/** The scope of a shape, its centre a value (a placeholder when the statement is built). */
export function shapedScope(shape: ScopeShape, centreId: number | null): Scope {
  return shape === 'all'
    ? { allCentres: true, centreId: null }
    : { allCentres: false, centreId: shape === 'one' ? centreId : null };
}

/** Every record that belongs to a client, by the id the API names it with. */
export type ClientRecordKind =
  'client' | 'plan' | 'note' | 'spending' | 'outcome' | 'follow_up' | 'story' | 'interaction' | 'attachment';

/**
 * Where a client-owned record sits: its client and that client's centre, and its plan if any; and
 * the client's name as it now is (first and family), which the call's audit entry names a record
 * without a name of its own by (a note: "created a note for Jane Doe"), read with the row the
 * check reads anyway rather than by a statement of the entry's own.
 */
export interface RecordPlace {
  id: number;
  clientId: number;
  centreId: number;
  planId: number | null;
  clientName: string;
}

/** A client `c`'s name as the audit trail names a client: first and family. */
const CLIENT_NAME = sql`c.first_name || ' ' || c.last_name`;

/** A record kept on a plan: its table (as `x`), joined up to its plan `p` and client `c`. */
const onPlan = (table: string, idColumn: string) => ({
  id: sql.raw(`x.${idColumn}`),
  from: sql.raw(
    `${table} x JOIN plans p ON p.plan_id = x.plan_id JOIN clients c ON c.client_id = p.client_id`,
  ),
  planId: sql`p.plan_id`,
});

/** A record kept on a client: its table (as `x`), joined to its client `c`. */
const onClient = (table: string, idColumn: string) => ({
  id: sql.raw(`x.${idColumn}`),
  from: sql.raw(`${table} x JOIN clients c ON c.client_id = x.client_id`),
  planId: sql`NULL::int`,
});

/** For each kind: the rows to find, joined up to the client `c` (and plan `p` where there is one). */
const PATHS: Record<ClientRecordKind, { id: SQL; from: SQL; planId: SQL }> = {
  client: { id: sql`c.client_id`, from: sql`clients c`, planId: sql`NULL::int` },
  plan: {
    id: sql`p.plan_id`,
    from: sql`plans p JOIN clients c ON c.client_id = p.client_id`,
    planId: sql`p.plan_id`,
  },
  note: onPlan('notes', 'note_id'),
  spending: onPlan('spendings', 'spending_id'),
  outcome: onPlan('outcomes', 'outcome_id'),
  follow_up: onPlan('follow_ups', 'follow_up_id'),
  story: onClient('stories', 'story_id'),
  interaction: onClient('client_interactions', 'id'),
  // An upload still under way is no record yet: it resolves to nothing.
  attachment: {
    id: sql`x.attachment_id`,
    from: sql`attachments x JOIN clients c ON c.client_id = x.client_id AND x.complete`,
    planId: sql`NULL::int`,
  },
};

/**
 * Resolves records of one kind to their client and centre in one query, for one id or many; a
 * missing id is simply absent from the answer. Run it on the transaction that then writes, so the
 * record cannot move or vanish between the check and the write.
 */
export async function resolveRecords(
  db: Executor,
  kind: ClientRecordKind,
  ids: readonly number[],
): Promise<Map<number, RecordPlace>> {
  if (ids.length === 0) return new Map();
  const path = PATHS[kind];
  const rows = await selectRows<{
    id: number;
    client_id: number;
    centre_id: number;
    plan_id: number | null;
    client_name: string;
  }>(
    db,
    sql`SELECT ${path.id} AS id, c.client_id, c.centre_id, ${path.planId} AS plan_id,
               ${CLIENT_NAME} AS client_name
          FROM ${path.from}
         WHERE ${path.id} IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        clientId: r.client_id,
        centreId: r.centre_id,
        planId: r.plan_id,
        clientName: r.client_name,
      },
    ]),
  );
}

/** Every record that belongs to a centre directly (not through a client), by its API id. */
export type CentreRecordKind = 'group';

/** Where a centre-owned record sits: its centre (none when it was never given one). */
export interface CentrePlace {
  id: number;
  centreId: number | null;
}

/** For each kind: its table (as `x`), its id and its centre column. */
const CENTRE_PATHS: Record<CentreRecordKind, { from: SQL; id: SQL; centreId: SQL }> = {
  group: { from: sql`groups x`, id: sql`x.group_id`, centreId: sql`x.centre_id` },
};

/**
 * Resolves centre-owned records to their centre, as resolveRecords does for client-owned ones.
 * With `lock`, the rows are locked until the transaction ends (FOR UPDATE): writes to one group
 * (its members, its bulk actions) then run one after another.
 */
export async function resolveCentreRecords(
  db: Executor,
  kind: CentreRecordKind,
  ids: readonly number[],
  lock = false,
): Promise<Map<number, CentrePlace>> {
  if (ids.length === 0) return new Map();
  const path = CENTRE_PATHS[kind];
  const rows = await selectRows<{ id: number; centre_id: number | null }>(
    db,
    sql`SELECT ${path.id} AS id, ${path.centreId} AS centre_id
          FROM ${path.from}
         WHERE ${path.id} IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), centreId: r.centre_id }]));
}

/**
 * The client `clientId` was merged into, when that client lies within `scope` (a redirect to a
 * client the caller cannot reach is no redirect: plain 404).
 */
export async function findMergedInto(
  db: Executor,
  scope: Scope,
  clientId: number,
): Promise<number | undefined> {
  const [row] = await selectRows<{ kept_id: number }>(
    db,
    sql`SELECT m.kept_id FROM client_merges m JOIN clients c ON c.client_id = m.kept_id
         WHERE m.other_id = ${clientId} AND ${withinScope(scope, sql`c.centre_id`)}`,
  );
  return row?.kept_id;
}

/** A live user as a worker of a centre's clients: role, centre and status (caseloads.policy.ts). */
export interface WorkerStanding {
  roleId: number;
  centreId: number | null;
  active: boolean;
}

/** The standing of the live (not deleted) user `userId`, or undefined. */
export async function findWorkerStanding(db: Executor, userId: number): Promise<WorkerStanding | undefined> {
  const [row] = await selectRows<{ role_id: number; centre_id: number | null; active: boolean }>(
    db,
    sql`SELECT u.role_id, u.centre_id, u.active FROM users u
         WHERE u.user_id = ${userId} AND u.deleted_at IS NULL`,
  );
  return row ? { roleId: row.role_id, centreId: row.centre_id, active: row.active } : undefined;
}
