import { maskSin } from '@cairn/shared/client-rules';
import type { Client } from '@cairn/shared/clients.schemas';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, shapedStatement, type Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
import { clients } from '../../db/schema/clients.ts';
import type { Scope } from '../access/access.policy.ts';
import { scopeShape, shapedScope, withinScope, type ScopeShape } from '../access/access.repository.ts';
import { fullName, inScope, workerName } from './clients-list.repository.ts';

/** What a save writes; the trigger-kept plan status and the timestamps are the database's. */
export type ClientValues = Omit<
  typeof clients.$inferInsert,
  'clientId' | 'recentPlanStatus' | 'createdAt' | 'updatedAt'
>;

/** The foreign key that ties a client to an existing centre. */
export const CLIENT_CENTRE_FK = 'clients_centre_id_centres_centre_id_fk';

/** Name and date of birth of the clients `ids` (the duplicate warning's matches). */
export function clientNames(
  db: Executor,
  ids: readonly number[],
): Promise<Array<{ client_id: number; full_name: string; date_of_birth: string | null }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRows(
    db,
    sql`SELECT c.client_id, ${fullName} AS full_name, c.date_of_birth::text AS date_of_birth
          FROM clients c WHERE c.client_id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
}

/** The client's success stories, counted over stories_client_idx (the side menu shows the count). */
const storiesCount = sql`(SELECT count(*)::int FROM stories s WHERE s.client_id = c.client_id)`;

/**
 * The whole profile in one statement: client, centre name, groups newest first, plan count.
 * Exported as SQL so the benchmark times exactly this statement.
 */
export function clientProfileSql(scope: Scope, clientId: number): SQL {
  return sql`
      SELECT c.client_id, c.first_name, c.middle_name, c.last_name, ${fullName} AS full_name,
             c.date_of_birth::text AS date_of_birth,
             c.gender, c.email, c.phone, c.address, c.city, c.province, c.postal_code,
             c.sin_encrypted IS NOT NULL AS has_sin, c.sin_last3,
             c.language_spoken, c.marital_status, c.number_dependents, c.youth_in_care, c.nation,
             c.disability, c.citizenship, c.highest_education, c.indigenous, c.status_type, c.reserve,
             c.indigenous_language, c.status_number, c.consent, c.centre_id, ce.name AS centre_name,
             c.worker_id, (SELECT ${workerName} FROM users w WHERE w.user_id = c.worker_id) AS worker_name,
             (SELECT coalesce(json_agg(json_build_object(
                        'group_id', g.group_id, 'name', g.name, 'created_at', ${isoText(sql`g.created_at`)})
                      ORDER BY g.created_at DESC, g.group_id DESC), '[]'::json)
                FROM group_clients gc JOIN groups g ON g.group_id = gc.group_id
               WHERE gc.client_id = c.client_id) AS groups,
             (SELECT count(*)::int FROM plans p WHERE p.client_id = c.client_id) AS plans_count,
             ${storiesCount} AS stories_count,
             c.missing_info AS _missing, ${isoText(sql`c.created_at`)} AS created_at,
             ${isoText(sql`c.updated_at`)} AS updated_at
        FROM clients c JOIN centres ce ON ce.centre_id = c.centre_id
       WHERE c.client_id = ${clientId} AND ${inScope(scope)}`;
}

/** The profile statement, built once per scope shape (db/database.ts shapedStatement). */
const profileStatement = shapedStatement(
  (shape: ScopeShape, v: { clientId: number; centreId: number | null }) =>
    clientProfileSql(shapedScope(shape, v.centreId), v.clientId),
);

/** The profile statement's row: the answer, with the SIN's last three digits in place of its mask. */
type ProfileRow = Omit<Client, 'sin_masked'> & { sin_last3: (typeof clients.$inferSelect)['sinLast3'] };

/** The Client of spec §3: never the SIN, only whether there is one and its mask. */
export async function findClientProfile(
  db: Executor,
  scope: Scope,
  clientId: number,
): Promise<Client | undefined> {
  const [row] = await profileStatement<ProfileRow>(db, scopeShape(scope), {
    clientId,
    centreId: scope.centreId,
  });
  if (!row) return undefined;
  const { sin_last3, ...client } = row;
  return { ...client, sin_masked: client.has_sin ? maskSin(sin_last3) : null };
}

export async function insertClient(db: Executor, values: ClientValues): Promise<number> {
  const [row] = await db.insert(clients).values(values).returning({ clientId: clients.clientId });
  return row!.clientId;
}

/**
 * The centre of a client within the scope, locked until the transaction ends so that the checks
 * made on it still hold when the update is written.
 */
export async function lockClient(
  db: Executor,
  scope: Scope,
  clientId: number,
): Promise<{ centreId: number } | undefined> {
  const [row] = await db
    .select({ centreId: clients.centreId })
    .from(clients)
    .where(and(eq(clients.clientId, clientId), withinScope(scope, sql`${clients.centreId}`)))
    .for('update');
  return row;
}

export async function updateClient(
  db: Executor,
  clientId: number,
  values: Partial<Omit<ClientValues, 'createdBy'>>,
): Promise<void> {
  await db
    .update(clients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(clients.clientId, clientId));
}

/** Deletes a client within the scope (plans, memberships and interactions cascade); false when none. */
export async function deleteClient(db: Executor, scope: Scope, clientId: number): Promise<boolean> {
  const rows = await db
    .delete(clients)
    .where(and(eq(clients.clientId, clientId), withinScope(scope, sql`${clients.centreId}`)))
    .returning({ clientId: clients.clientId });
  return rows.length > 0;
}

/** The encrypted SIN of a client within the scope: undefined without such a client, null without a SIN. */
export async function findEncryptedSin(
  db: Executor,
  scope: Scope,
  clientId: number,
): Promise<{ sinEncrypted: string | null } | undefined> {
  const [row] = await db
    .select({ sinEncrypted: clients.sinEncrypted })
    .from(clients)
    .where(and(eq(clients.clientId, clientId), withinScope(scope, sql`${clients.centreId}`)));
  return row;
}
