import type { FollowUp } from '@cairn/shared/follow-ups.schemas';
import type { Outcome } from '@cairn/shared/outcomes.schemas';
import { expect } from 'vitest';
import { createClient } from './clients.ts';
import { createPlan, outcomeBody } from './plans.ts';
import { postCreated } from './requests.ts';
import type { DemoUserKey, TestApp } from './test-app.ts';

/**
 * `date` (YYYY-MM-DD) `months` months later, counted here by hand: the same day of the month, or
 * the month's last day when it has fewer days (as a calendar does, and as PostgreSQL adds months).
 */
export function monthsAfter(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/** The whole days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A plan of a new client of the centre of `as` (the Coordinator's), closed by an outcome dated `date`. */
export async function closedPlan(
  t: TestApp,
  date: string,
  patch: Record<string, unknown> = {},
  as: DemoUserKey = 'coordinator',
): Promise<{ planId: number; clientId: number; outcome: Outcome }> {
  const client = await createClient(t, as, { first_name: 'Followup' });
  const plan = await createPlan(t, as, client.client_id, { date: '2020-01-01' });
  const outcome = await postCreated<Outcome>(
    t,
    as,
    '/api/outcomes',
    outcomeBody(plan.plan_id, { date, ...patch }),
  );
  return { planId: plan.plan_id, clientId: client.client_id, outcome };
}

/** A plan's follow-ups as `as` reads them. */
export async function followUpsOf(
  t: TestApp,
  planId: number,
  as: DemoUserKey = 'coordinator',
): Promise<FollowUp[]> {
  const res = await t.call('GET', `/api/plans/${planId}/follow-ups`, { as });
  expect(res.status).toBe(200);
  return res.json as FollowUp[];
}

/** A follow-up body: reached, employed full time, every answer given. */
export function followUpBody(patch: Record<string, unknown> = {}) {
  return {
    contact_date: '2024-06-01',
    reached: true,
    post_program_status: 'Employed',
    hours: 'Full time',
    employment_type: 'Permanent',
    job_title: 'Line cook',
    noc: '63200',
    note: 'Likes the new job.',
    ...patch,
  };
}
