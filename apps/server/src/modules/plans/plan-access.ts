import type { PlanStatus } from '@cairn/shared/enums';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { plans } from '../../db/schema/plans.ts';
import type { Actor } from '../../plugins/auth.ts';
import { authorizeCentreRecord } from '../clients/client-access.ts';

/** Where a plan sits: its client, that client's centre, and whether it is still open. */
export interface PlanPlace {
  planId: number;
  clientId: number;
  centreId: number;
  status: PlanStatus;
}

/** The plan's client and centre, or undefined when there is no such plan. */
export async function findPlanPlace(db: Executor, planId: number): Promise<PlanPlace | undefined> {
  const [row] = await db
    .select({
      planId: plans.planId,
      clientId: plans.clientId,
      centreId: clients.centreId,
      status: sql<PlanStatus>`${plans.status}`,
    })
    .from(plans)
    .innerJoin(clients, eq(clients.clientId, plans.clientId))
    .where(eq(plans.planId, planId));
  return row;
}

/**
 * 404 unless the plan exists and its client is within the caller's reach. Everything recorded on
 * a plan (its links, spendings, notes, outcome) is scoped by this one check, so another centre's
 * plan answers exactly like a missing one.
 */
export async function requirePlanAccess(db: Executor, actor: Actor, planId: number): Promise<PlanPlace> {
  const place = await findPlanPlace(db, planId);
  authorizeCentreRecord(actor, place?.centreId);
  return place as PlanPlace;
}
