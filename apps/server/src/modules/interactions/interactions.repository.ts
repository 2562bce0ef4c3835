import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { clientInteractions, interactionTypes } from '../../db/schema/interactions.ts';

/** The foreign key tying a record to its client: violated when the client is deleted meanwhile. */
export const INTERACTIONS_CLIENT_FK = 'client_interactions_client_id_clients_client_id_fk';

export interface InteractionTypeRow {
  interaction_id: number;
  name: string;
  name_fr: string | null;
}

export interface InteractionSumRow extends InteractionTypeRow {
  total: number;
}

export interface InteractionValues {
  clientId: number;
  interactionId: number;
  date: string;
  count: number;
  createdBy: number;
}

export function listInteractionTypes(db: Executor): Promise<InteractionTypeRow[]> {
  return db
    .select({
      interaction_id: interactionTypes.interactionId,
      name: interactionTypes.name,
      name_fr: interactionTypes.nameFr,
    })
    .from(interactionTypes)
    .orderBy(asc(interactionTypes.sortOrder), asc(interactionTypes.interactionId));
}

/** Every type with the client's total (0 when none), summed over client_interactions_client_idx. */
export function sumInteractions(db: Executor, clientId: number): Promise<InteractionSumRow[]> {
  return db
    .select({
      interaction_id: interactionTypes.interactionId,
      name: interactionTypes.name,
      name_fr: interactionTypes.nameFr,
      total: sql<number>`coalesce(sum(${clientInteractions.count}), 0)::int`,
    })
    .from(interactionTypes)
    .leftJoin(
      clientInteractions,
      sql`${clientInteractions.interactionId} = ${interactionTypes.interactionId} and ${clientInteractions.clientId} = ${clientId}`,
    )
    .groupBy(
      interactionTypes.interactionId,
      interactionTypes.name,
      interactionTypes.nameFr,
      interactionTypes.sortOrder,
    )
    .orderBy(asc(interactionTypes.sortOrder), asc(interactionTypes.interactionId));
}

export async function insertInteractions(db: Executor, rows: InteractionValues[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(clientInteractions).values(rows);
}
