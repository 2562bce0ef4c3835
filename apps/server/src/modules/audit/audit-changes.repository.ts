import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';

/** A table of a record kind whose rows the trail's entries describe, and its key column. */
export interface RecordTable {
  table: string;
  key: string;
}

/** A record's row as `to_jsonb` gives it (column names, JSON values), or null when it is gone. */
export type RecordRow = Record<string, unknown> | null;

function parsed(value: unknown): RecordRow {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : (value as RecordRow);
}

const clientName = (clientId: SQL | number) =>
  sql`(SELECT c.first_name || ' ' || c.last_name FROM clients c WHERE c.client_id = ${clientId})`;

/**
 * A record's row before a change, locked for the rest of the transaction as the change itself
 * would lock it (a delete `FOR UPDATE`, an update `FOR NO KEY UPDATE`, which still lets others
 * add rows that refer to it): a change committed by another call between this read and `work`
 * cannot slip into the entry's "before". One statement; the names come from the code
 * (RECORD_TABLES).
 */
export async function recordRow(
  tx: Executor,
  at: RecordTable,
  id: number,
  forDelete: boolean,
): Promise<RecordRow> {
  const lock = forDelete ? sql`FOR UPDATE` : sql`FOR NO KEY UPDATE`;
  const [row] = await selectRows<{ row: unknown }>(
    tx,
    sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(at.table)} t WHERE t.${sql.identifier(at.key)} = ${id} ${lock}`,
  );
  return parsed(row?.row);
}

/**
 * A record's row after a change and, when the record belongs to a client, the client's full name
 * as it now is: one statement.
 */
export async function recordRowAndClient(
  tx: Executor,
  at: RecordTable | null,
  id: number | null,
  clientId: number | null,
): Promise<{ row: RecordRow; clientName: string | null }> {
  const row =
    at && id !== null
      ? sql`(SELECT to_jsonb(t) FROM ${sql.identifier(at.table)} t WHERE t.${sql.identifier(at.key)} = ${id})`
      : sql`NULL::jsonb`;
  const name = clientId === null ? sql`NULL::text` : clientName(clientId);
  const [result] = await selectRows<{ row: unknown; client_name: string | null }>(
    tx,
    sql`SELECT ${row} AS row, ${name} AS client_name`,
  );
  return { row: parsed(result?.row), clientName: result?.client_name ?? null };
}
