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
  async function answered(method: 'PUT' | 'DELETE', url: string, status: number, body?: unknown) {
    const res = await t().call(method, url, { token: token(), body });
    expect(res.status, JSON.stringify(res.json)).toBe(status);
    return res.json as unknown;
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
    note: (planId: number) => created<{ note_id: number }>('/api/notes', noteBody(planId)),
    spending: (planId: number) => created<{ spending_id: number }>('/api/spendings', spendingBody(planId)),
    /** Records an interaction with the client today. */
    interaction: (clientId: number) =>
      answered('PUT', `/api/clients/${clientId}/interactions`, 200, [
        { interaction_id: 1, date: todayIso(), count: 1 },
      ]),
    /** Changes a record (200). */
    change: (url: string, body: unknown) => answered('PUT', url, 200, body),
    /** Deletes a record (204). */
    remove: (url: string) => answered('DELETE', url, 204),
    /** GET /my-work, with the pages of `query` (e.g. `?missing_info_page=2`). */
    myWork: (query = '') => t().call('GET', `/api/my-work${query}`, { token: token() }),
  };
}

/** A note on a plan, dated today. */
export const noteBody = (planId: number, patch: Record<string, unknown> = {}) => ({
  note_id: -1,
  plan_id: planId,
  topic: 'Call',
  date: todayIso(),
  notes: 'Called.',
  ...patch,
});

/** A spending on a plan, dated today. */
export const spendingBody = (planId: number, patch: Record<string, unknown> = {}) => ({
  spending_id: -1,
  plan_id: planId,
  date: todayIso(),
  item: 'Work boots',
  value: 120,
  work_gear: true,
  ...patch,
});

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

/**
 * Moves every stamp of a plan's activity (its change, notes, spendings, its client's interactions)
 * `days` back, and its last activity with them (which the triggers never lower).
 */
export async function ageActivity(t: TestApp, planId: number, days: number): Promise<void> {
  const back = sql`${`${days} days`}::interval`;
  await t.db.execute(sql`UPDATE plans SET updated_at = updated_at - ${back} WHERE plan_id = ${planId}`);
  await t.db.execute(sql`UPDATE notes SET updated_at = updated_at - ${back} WHERE plan_id = ${planId}`);
  await t.db.execute(sql`UPDATE spendings SET updated_at = updated_at - ${back} WHERE plan_id = ${planId}`);
  await t.db.execute(
    sql`UPDATE client_interactions SET created_at = created_at - ${back}
         WHERE client_id = (SELECT client_id FROM plans WHERE plan_id = ${planId})`,
  );
  // Last, once the triggers of the updates above have seen every stamp.
  await t.db.execute(
    sql`UPDATE plan_activity SET last_activity_at = last_activity_at - ${back} WHERE plan_id = ${planId}`,
  );
}
