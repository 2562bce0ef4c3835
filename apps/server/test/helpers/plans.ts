import type { Plan } from '@cairn/shared/plans.schemas';
import { todayIso } from '@cairn/shared/dates';
import { expect } from 'vitest';
import type { DemoUserKey, TestApp } from './test-app.ts';

/** Plan info with every answer given: nothing missing. */
export function planInfo(patch: Record<string, unknown> = {}) {
  return {
    date: todayIso(),
    current_employment: 'Unemployed',
    employment_type: null,
    apprentice: 'No',
    accessing_supports: 'Yes',
    relocate: 'No',
    transportation: 'Public transit',
    ...patch,
  };
}

/** Creates an open plan for `clientId` through the API, as a demo user. */
export async function createPlan(
  t: TestApp,
  as: DemoUserKey,
  clientId: number,
  patch: Record<string, unknown> = {},
): Promise<Plan> {
  const res = await t.call('POST', '/api/plans', {
    as,
    body: { client_id: clientId, barriers: [], ...planInfo(patch) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.plan as Plan;
}
