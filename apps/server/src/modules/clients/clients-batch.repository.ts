import { getTableColumns, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import type { Scope } from '../access/access.policy.ts';
import { withinScope } from '../access/access.repository.ts';
import type { ClientValues } from './clients.repository.ts';

/**
 * Writes of many clients at once (a spreadsheet import): one statement per batch, never one per
 * client. Their look-up is the duplicate matcher's (modules/duplicates).
 */

/** Inserts the clients in one statement; their ids and names in the order given. */
export function insertClients(
  db: Executor,
  values: ClientValues[],
): Promise<Array<{ clientId: number; firstName: string; lastName: string }>> {
  return db
    .insert(clients)
    .values(values)
    .returning({ clientId: clients.clientId, firstName: clients.firstName, lastName: clients.lastName });
}

/** The stored answers of clients within the scope (API names: a column's name is its field's), locked. */
export function lockClientAnswers(
  db: Executor,
  scope: Scope,
  ids: readonly number[],
): Promise<Array<{ client_id: number; answers: Record<string, unknown> }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRows(
    db,
    sql`SELECT c.client_id, to_jsonb(c) AS answers FROM clients c
         WHERE c.client_id = ANY(${`{${ids.join(',')}}`}::int[]) AND ${withinScope(scope, sql`c.centre_id`)}
         ORDER BY c.client_id FOR UPDATE`,
  );
}

const COLUMNS = getTableColumns(clients);

/**
 * Updates each client with its values in one statement (the rows as a JSON record set): every
 * row names the same columns, those of the first.
 */
export async function updateClients(
  db: Executor,
  rows: ReadonlyArray<{ clientId: number; values: Partial<ClientValues> }>,
): Promise<void> {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]!.values).filter((k) => k in COLUMNS) as Array<keyof typeof COLUMNS>;
  const cols = keys.map((k) => COLUMNS[k]);
  const records = rows.map((r) => {
    const record: Record<string, unknown> = { client_id: r.clientId };
    for (const [i, k] of keys.entries())
      record[cols[i]!.name] = (r.values as Record<string, unknown>)[k] ?? null;
    return record;
  });
  const definition = sql.raw(
    ['client_id int', ...cols.map((c) => `"${c.name}" ${c.getSQLType()}`)].join(', '),
  );
  const assignments = sql.raw(
    [...cols.map((c) => `"${c.name}" = v."${c.name}"`), 'updated_at = now()'].join(', '),
  );
  await db.execute(
    sql`UPDATE clients c SET ${assignments}
          FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(${definition})
         WHERE c.client_id = v.client_id`,
  );
}
