import type { Client } from '@cairn/shared/clients.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import { todayIso } from '@cairn/shared/dates';
import { expect } from 'vitest';
import { createClient } from './clients.ts';
import { postCreated } from './requests.ts';
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
  const created = await postCreated<{ plan: Plan }>(t, as, '/api/plans', {
    client_id: clientId,
    barriers: [],
    ...planInfo(patch),
  });
  return created.plan;
}

/** A new open plan of a new client of the Coordinator's centre. */
export async function freshPlan(t: TestApp, clientPatch: Record<string, unknown> = {}): Promise<Plan> {
  const client = await createClient(t, 'coordinator', clientPatch);
  return createPlan(t, 'coordinator', client.client_id);
}

/** A catalogue item, as a plan names it. */
export interface CatalogueItem {
  id: number;
  name: string;
}

/** The active items of a catalogue list: its 'Other' item (is_other) and the others. */
export async function catalogueItems(
  t: TestApp,
  kind: 'barriers' | 'supports' | 'trainings',
): Promise<{ other: CatalogueItem; regular: CatalogueItem[] }> {
  const res = await t.call('GET', `/api/${kind}`, { as: 'coordinator' });
  expect(res.status).toBe(200);
  const idKey = `${kind.slice(0, -1)}_id`;
  const rows = res.json as Array<Record<string, unknown>>;
  const item = (i: Record<string, unknown>): CatalogueItem => ({
    id: i[idKey] as number,
    name: i.name as string,
  });
  const other = rows.find((i) => i.is_other === true);
  expect(other, `the ${kind} catalogue has an 'Other' item`).toBeDefined();
  return { other: item(other!), regular: rows.filter((i) => i.is_other !== true).map(item) };
}

/** An outcome body with every required answer, for a plan. */
export function outcomeBody(planId: number, patch: Record<string, unknown> = {}) {
  return {
    plan_id: planId,
    date: todayIso(),
    program_outcome: 'Complete',
    incomplete_reason: null,
    post_program_status: 'Returned to school',
    employment_type: null,
    job_title: null,
    received_certificate: 'Yes',
    ...patch,
  };
}

/** The client's recent_plan_status, as the client list shows it (found by the client's full name). */
export async function recentPlanStatus(t: TestApp, client: Client): Promise<string | null> {
  const s = encodeURIComponent(`${client.first_name} ${client.last_name}`);
  const res = await t.call('GET', `/api/clients?s=${s}`, { as: 'admin' });
  expect(res.status).toBe(200);
  const item = (res.json.items as Array<{ client_id: number; recent_plan_status: string | null }>).find(
    (i) => i.client_id === client.client_id,
  );
  expect(item, 'the client is listed').toBeDefined();
  return item!.recent_plan_status;
}

/**
 * An open plan in the Coordinator's centre and one in the other Coordinator's centre, for clients
 * named `names`: the two sides of the centre rule.
 */
export async function plansInTwoCentres(
  t: TestApp,
  names: { own: Record<string, unknown>; other: Record<string, unknown> },
): Promise<{ ownPlan: number; otherPlan: number }> {
  const own = await createClient(t, 'coordinator', names.own);
  const other = await createClient(t, 'coordinator2', names.other);
  return {
    ownPlan: (await createPlan(t, 'coordinator', own.client_id)).plan_id,
    otherPlan: (await createPlan(t, 'coordinator2', other.client_id)).plan_id,
  };
}
