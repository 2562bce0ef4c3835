import { can } from '@cairn/shared/roles';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * Throws 404 unless a record of centre `centreId` (undefined when there is no such record) is
 * within the caller's reach: any centre for an Admin, their own for anyone else. Another centre's
 * record answers exactly like a missing one, so ids reveal nothing. Clients and everything that
 * hangs off them (interactions, plans and their records, stories) are scoped by this one rule.
 */
export function authorizeCentreRecord(actor: Actor, centreId: number | undefined): void {
  if (centreId === undefined) throw notFound();
  if (can(actor.roleId, 'clients.seeAllCentres')) return;
  if (actor.centreId === null || actor.centreId !== centreId) throw notFound();
}

/** The centre of a client, or undefined when there is no such client. */
export async function findClientCentre(db: Executor, clientId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ centreId: clients.centreId })
    .from(clients)
    .where(eq(clients.clientId, clientId));
  return row?.centreId;
}

/** 404 unless the client exists and the caller may work with it. */
export async function requireClientAccess(db: Executor, actor: Actor, clientId: number): Promise<void> {
  authorizeCentreRecord(actor, await findClientCentre(db, clientId));
}
