import type { Client } from '@cairn/shared/clients.schemas';
import { todayIso } from '@cairn/shared/dates';
import type { Plan } from '@cairn/shared/plans.schemas';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { followUps } from '../../src/db/schema/follow-ups.ts';
import { intake } from './clients.ts';
import { outcomeBody, planInfo } from './plans.ts';
import type { TestApp } from './test-app.ts';

/** What a worker (a Coordinator by token) does through the API, for My work's tests. */
export function workerCalls(t: () => TestApp, token: () => string) {
  async function created<T>(url: string, body: unknown): Promise<T> {
    const res = await t().call('POST', url, { token: token(), body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as T;
  }
  return {
    /** A client of the worker's (intake gives it its creator), complete unless patched. */
    client: async (patch: Record<string, unknown> = {}) =>
      (await created<{ client: Client }>('/api/clients', intake(patch))).client,
    /** An open plan of a client. */
    plan: async (clientId: number) =>
      (await created<{ plan: Plan }>('/api/plans', { client_id: clientId, barriers: [], ...planInfo() }))
        .plan,
    /** Closes a plan with an outcome dated today; answers the outcome's id. */
    close: async (planId: number) =>
      (await created<{ outcome_id: number }>('/api/outcomes', outcomeBody(planId))).outcome_id,
    note: (planId: number) =>
      created('/api/notes', {
        note_id: -1,
        plan_id: planId,
        topic: 'Call',
        date: todayIso(),
        notes: 'Called.',
      }),
    myWork: () => t().call('GET', '/api/my-work', { token: token() }),
  };
}

/**
 * A follow-up of a closed plan due on `dueDate`, recorded on `contactDate` when given; written as
 * the scheduling would, or moved there if it already scheduled that month.
 */
export async function putFollowUp(
  t: TestApp,
  f: { planId: number; outcomeId: number; month: number; dueDate: string; contactDate?: string },
): Promise<number> {
  const recorded = f.contactDate ? { contactDate: f.contactDate, reached: false } : {};
  const [row] = await t.db
    .insert(followUps)
    .values({ planId: f.planId, outcomeId: f.outcomeId, month: f.month, dueDate: f.dueDate, ...recorded })
    .onConflictDoUpdate({
      target: [followUps.planId, followUps.month],
      set: { dueDate: f.dueDate, contactDate: f.contactDate ?? null, reached: f.contactDate ? false : null },
    })
    .returning({ id: followUps.followUpId });
  return row!.id;
}

/** Moves every stamp of a plan's activity (its change, notes, spendings, its client's interactions) `days` back. */
export async function ageActivity(t: TestApp, planId: number, days: number): Promise<void> {
  const back = sql`${`${days} days`}::interval`;
  await t.db.execute(sql`UPDATE plans SET updated_at = updated_at - ${back} WHERE plan_id = ${planId}`);
  await t.db.execute(sql`UPDATE notes SET updated_at = updated_at - ${back} WHERE plan_id = ${planId}`);
  await t.db.execute(sql`UPDATE spendings SET updated_at = updated_at - ${back} WHERE plan_id = ${planId}`);
  await t.db.execute(
    sql`UPDATE client_interactions SET created_at = created_at - ${back}
         WHERE client_id = (SELECT client_id FROM plans WHERE plan_id = ${planId})`,
  );
}
