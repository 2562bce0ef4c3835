import type { Group, GroupClientName, GroupList, GroupMember } from '@cairn/shared/groups.schemas';
import { eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, shapedStatement, type Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
import { groupClients, groups } from '../../db/schema/groups.ts';
import type { Scope } from '../access/access.policy.ts';
import { scopeShape, shapedScope, withinScope, type ScopeShape } from '../access/access.repository.ts';

/** The foreign key tying a membership to an existing client: violated when one is deleted meanwhile. */
export const MEMBER_CLIENT_FK = 'group_clients_client_id_clients_client_id_fk';

export interface GroupValues {
  name: string;
  description: string | null;
}

export interface GroupListOptions {
  /** Lower-case text the name must contain; empty for no search. */
  search: string;
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The list's columns of the group `g` (spec §3 Group without its members). */
const listColumns = sql`g.group_id, g.name, g.description, g.centre_id,
       (SELECT count(*)::int FROM group_clients gc WHERE gc.group_id = g.group_id) AS clients_count,
       ${isoText(sql`g.created_at`)} AS created_at, ${isoText(sql`g.updated_at`)} AS updated_at`;

/**
 * One page of the caller's groups, newest first (groups_centre_created_idx), and the total, in
 * one statement; the total comes from a one-row derived table so a page past the end still has it.
 * Exported as SQL so the benchmark times exactly this statement.
 */
export function listGroupsSql(scope: Scope, o: GroupListOptions): SQL {
  const where = sql`${withinScope(scope, sql`g.centre_id`)}${
    o.search ? sql` AND lower(g.name) LIKE ${`%${escapeLike(o.search)}%`}` : sql``
  }`;
  return sql`
    SELECT t.total, p.*
      FROM (SELECT count(*)::int AS total FROM groups g WHERE ${where}) t
      LEFT JOIN LATERAL (
        SELECT ${listColumns}
          FROM groups g
         WHERE ${where}
         ORDER BY g.created_at DESC, g.group_id DESC
         LIMIT ${o.limit} OFFSET ${o.offset}) p ON true`;
}

type ListRow = GroupList['items'][number] & { total: number; group_id: number | null };

/**
 * The unsearched list statement, built once per scope shape (db/database.ts shapedStatement); a
 * search's text is part of its parameter (`%text%`), so a search is built per call.
 */
const unsearchedListStatement = shapedStatement(
  (shape: ScopeShape, v: { centreId: number | null; limit: number; offset: number }) =>
    listGroupsSql(shapedScope(shape, v.centreId), { search: '', limit: v.limit, offset: v.offset }),
);

export async function listGroups(db: Executor, scope: Scope, o: GroupListOptions): Promise<GroupList> {
  const rows = o.search
    ? await selectRows<ListRow>(db, listGroupsSql(scope, o))
    : await unsearchedListStatement<ListRow>(db, scopeShape(scope), {
        centreId: scope.centreId,
        limit: o.limit,
        offset: o.offset,
      });
  return {
    total: rows[0]?.total ?? 0,
    items: rows.filter((r) => r.group_id !== null).map(({ total: _total, ...item }) => item),
  };
}

/** The group with its members by last and first name (the profile), or undefined. */
export async function findGroup(db: Executor, groupId: number): Promise<Group | undefined> {
  const [group] = await selectRows<Omit<Group, 'clients'>>(
    db,
    sql`SELECT ${listColumns} FROM groups g WHERE g.group_id = ${groupId}`,
  );
  if (!group) return undefined;
  const clients = await selectRows<GroupMember>(
    db,
    sql`SELECT c.client_id, c.first_name, c.last_name, c.first_name || ' ' || c.last_name AS full_name,
               c.date_of_birth::text AS date_of_birth
          FROM group_clients gc JOIN clients c ON c.client_id = gc.client_id
         WHERE gc.group_id = ${groupId}
         ORDER BY c.name_key, c.client_id`,
  );
  return { ...group, clients };
}

export async function insertGroup(
  db: Executor,
  values: GroupValues & { centreId: number; createdBy: number },
): Promise<number> {
  const [row] = await db.insert(groups).values(values).returning({ groupId: groups.groupId });
  return row!.groupId;
}

export async function updateGroup(db: Executor, groupId: number, values: GroupValues): Promise<void> {
  await db
    .update(groups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(groups.groupId, groupId));
}

/** Marks the group changed (its members changed). */
export async function touchGroup(db: Executor, groupId: number): Promise<void> {
  await db
    .update(groups)
    .set({ updatedAt: sql`now()` })
    .where(eq(groups.groupId, groupId));
}

/** Its memberships go with it (foreign key); its clients stay. */
export async function deleteGroup(db: Executor, groupId: number): Promise<void> {
  await db.delete(groups).where(eq(groups.groupId, groupId));
}

/** Adds the clients to the group; those already in it stay once. */
export async function addMembers(db: Executor, groupId: number, clientIds: readonly number[]): Promise<void> {
  if (clientIds.length === 0) return;
  await db
    .insert(groupClients)
    .values(clientIds.map((clientId) => ({ groupId, clientId })))
    .onConflictDoNothing();
}

/** Makes `clientIds` the group's whole member list: the others leave, the new ones join. */
export async function replaceMembers(
  db: Executor,
  groupId: number,
  clientIds: readonly number[],
): Promise<void> {
  await db.execute(
    clientIds.length === 0
      ? sql`DELETE FROM group_clients WHERE group_id = ${groupId}`
      : sql`DELETE FROM group_clients
             WHERE group_id = ${groupId}
               AND client_id NOT IN (${sql.join(
                 clientIds.map((id) => sql`${id}`),
                 sql`, `,
               )})`,
  );
  await addMembers(db, groupId, clientIds);
}

/** The members without an open plan, by last and first name (GET /groups/{id}/check-plans). */
export function membersWithoutOpenPlan(db: Executor, groupId: number): Promise<GroupClientName[]> {
  return selectRows<GroupClientName>(
    db,
    sql`SELECT c.client_id, c.first_name, c.last_name
          FROM group_clients gc JOIN clients c ON c.client_id = gc.client_id
         WHERE gc.group_id = ${groupId}
           AND NOT EXISTS (SELECT 1 FROM plans p WHERE p.client_id = c.client_id AND p.status = 'Open')
         ORDER BY c.name_key, c.client_id`,
  );
}
