import type { Outcome } from '@cairn/shared/outcomes.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomes } from '../../src/db/schema/plan-records.ts';
import { expectForbidden, expectNotFound, expectSignInRequired, type RouteCall } from '../helpers/access.ts';
import { daysFromToday, uniqueClient } from '../helpers/clients.ts';
import { createPlan, outcomeBody, recentPlanStatus } from '../helpers/plans.ts';
import { postCreated } from '../helpers/requests.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newClient = () => uniqueClient(t, 'Outcome');

async function planStatus(planId: number): Promise<string> {
  const res = await t.call('GET', `/api/plans/${planId}`, { as: 'coordinator' });
  expect(res.status).toBe(200);
  return res.json.status;
}

function addOutcome(planId: number, patch: Record<string, unknown> = {}): Promise<Outcome> {
  return postCreated<Outcome>(t, 'coordinator', '/api/outcomes', outcomeBody(planId, patch));
}

describe('who may reach outcomes', () => {
  let planId: number;
  let outcome: Outcome;
  let openPlanId: number;
  beforeAll(async () => {
    planId = (await createPlan(t, 'coordinator', (await newClient()).client_id)).plan_id;
    outcome = await addOutcome(planId);
    openPlanId = (await createPlan(t, 'coordinator', (await newClient()).client_id)).plan_id;
  });

  const routes = (): RouteCall[] => [
    { method: 'GET', url: `/api/plans/${planId}/outcomes` },
    { method: 'POST', url: '/api/outcomes', body: outcomeBody(openPlanId) },
    {
      method: 'PUT',
      url: `/api/outcomes/${outcome.outcome_id}`,
      body: outcomeBody(planId, { job_title: 'x' }),
    },
    { method: 'DELETE', url: `/api/outcomes/${outcome.outcome_id}` },
  ];

  it('asks for a sign-in', async () => {
    await expectSignInRequired(t, routes());
  });

  it('refuses the reporting role before reading the input', async () => {
    await expectForbidden(
      t,
      'reporter',
      routes().map((r) => ({ ...r, body: r.body ? {} : undefined })),
    );
  });

  it("answers another centre's plan and outcome as missing, and changes nothing", async () => {
    await expectNotFound(t, 'coordinator2', routes());
    const list = await t.call('GET', `/api/plans/${planId}/outcomes`, { as: 'coordinator' });
    expect(list.json).toEqual([outcome]);
    expect(await planStatus(openPlanId)).toBe('Open');
  });

  it('answers 404 for what does not exist', async () => {
    expect((await t.call('GET', '/api/plans/999999/outcomes', { as: 'coordinator' })).status).toBe(404);
    expect(
      (await t.call('POST', '/api/outcomes', { as: 'coordinator', body: outcomeBody(999999) })).status,
    ).toBe(404);
    const body = outcomeBody(planId);
    expect((await t.call('PUT', '/api/outcomes/999999', { as: 'coordinator', body })).status).toBe(404);
    expect((await t.call('DELETE', '/api/outcomes/999999', { as: 'coordinator' })).status).toBe(404);
  });
});

describe('POST /outcomes', () => {
  it('records the outcome and closes the plan', async () => {
    const client = await newClient();
    const plan = await createPlan(t, 'coordinator', client.client_id);
    const empty = await t.call('GET', `/api/plans/${plan.plan_id}/outcomes`, { as: 'coordinator' });
    expect(empty.json).toEqual([]);

    const answers = {
      date: daysFromToday(-1),
      program_outcome: 'Incomplete',
      incomplete_reason: 'Gained employment',
      post_program_status: 'Employed',
      employment_type: 'Permanent',
      job_title: 'Line cook',
      received_certificate: 'No',
    };
    const created = await addOutcome(plan.plan_id, { outcome_id: -1, ...answers });
    expect(created).toMatchObject({ plan_id: plan.plan_id, ...answers });
    expect(created.outcome_id).toBeGreaterThan(0);
    const list = await t.call('GET', `/api/plans/${plan.plan_id}/outcomes`, { as: 'coordinator' });
    expect(list.json).toEqual([created]);
    const [row] = await t.db.select().from(outcomes).where(eq(outcomes.outcomeId, created.outcome_id));
    expect(row!.createdBy).toBe(t.demo.coordinator.userId);

    expect(await planStatus(plan.plan_id)).toBe('Closed');
    expect(await recentPlanStatus(t, client)).toBe('Closed');
    // With the plan closed, the client may open a new one.
    expect((await createPlan(t, 'coordinator', client.client_id)).status).toBe('Open');
  });

  it('clears the answers that do not apply', async () => {
    const plan = await createPlan(t, 'coordinator', (await newClient()).client_id);
    const created = await addOutcome(plan.plan_id, {
      program_outcome: 'Complete',
      incomplete_reason: 'Moved',
      post_program_status: 'Returned to school',
      employment_type: 'Casual',
      job_title: 'Cashier',
    });
    expect(created).toMatchObject({ incomplete_reason: null, employment_type: null, job_title: null });
  });

  it('answers the spec messages', async () => {
    const plan = await createPlan(t, 'coordinator', (await newClient()).client_id);
    const post = (patch: Record<string, unknown>) =>
      t.call('POST', '/api/outcomes', { as: 'coordinator', body: outcomeBody(plan.plan_id, patch) });

    const future = await post({ date: daysFromToday(1), program_outcome: '', received_certificate: null });
    expect(future.status).toBe(400);
    expect(future.json.error.fields).toMatchObject({
      date: "Date can't be in the future",
      program_outcome: 'This field is required',
      received_certificate: 'This field is required',
    });
    const conditional = await post({
      program_outcome: 'Cancelled',
      incomplete_reason: null,
      post_program_status: 'Self-employed',
      employment_type: '',
      job_title: 'x'.repeat(65),
    });
    expect(conditional.status).toBe(400);
    expect(conditional.json.error.fields).toMatchObject({
      job_title: 'must be less than 64 characters',
    });
    const missing = await post({ program_outcome: 'Cancelled', post_program_status: 'Self-employed' });
    expect(missing.json.error.fields).toEqual({
      incomplete_reason: 'This field is required',
      employment_type: 'This field is required',
    });
    expect(await planStatus(plan.plan_id)).toBe('Open');
  });

  it('refuses a second outcome for the plan with 409', async () => {
    const plan = await createPlan(t, 'coordinator', (await newClient()).client_id);
    const first = await addOutcome(plan.plan_id);
    const res = await t.call('POST', '/api/outcomes', { as: 'coordinator', body: outcomeBody(plan.plan_id) });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'outcome_exists',
      message: 'This plan already has an outcome.',
    });
    const list = await t.call('GET', `/api/plans/${plan.plan_id}/outcomes`, { as: 'coordinator' });
    expect(list.json).toEqual([first]);
  });
});

describe('PUT /outcomes/{id}', () => {
  it('saves the answers, clearing what no longer applies, and stays on its plan', async () => {
    const plan = await createPlan(t, 'coordinator', (await newClient()).client_id);
    const elsewhere = await createPlan(t, 'coordinator', (await newClient()).client_id);
    const created = await addOutcome(plan.plan_id, {
      program_outcome: 'Incomplete',
      incomplete_reason: 'Moved',
      post_program_status: 'Employed',
      employment_type: 'Seasonal',
      job_title: 'Deckhand',
    });
    const res = await t.call('PUT', `/api/outcomes/${created.outcome_id}`, {
      as: 'coordinator',
      body: outcomeBody(elsewhere.plan_id, {
        outcome_id: 12345,
        date: daysFromToday(-2),
        program_outcome: 'Complete',
        incomplete_reason: 'Moved',
        post_program_status: 'Not in the labour force',
        employment_type: 'Seasonal',
        job_title: 'Deckhand',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      outcome_id: created.outcome_id,
      plan_id: plan.plan_id,
      date: daysFromToday(-2),
      program_outcome: 'Complete',
      incomplete_reason: null,
      post_program_status: 'Not in the labour force',
      employment_type: null,
      job_title: null,
    });
    const other = await t.call('GET', `/api/plans/${elsewhere.plan_id}/outcomes`, { as: 'coordinator' });
    expect(other.json).toEqual([]);
    expect(await planStatus(elsewhere.plan_id)).toBe('Open');
  });

  it('answers the spec messages', async () => {
    const plan = await createPlan(t, 'coordinator', (await newClient()).client_id);
    const created = await addOutcome(plan.plan_id);
    const res = await t.call('PUT', `/api/outcomes/${created.outcome_id}`, {
      as: 'coordinator',
      body: outcomeBody(plan.plan_id, { date: daysFromToday(3), post_program_status: 'Employed' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      date: "Date can't be in the future",
      employment_type: 'This field is required',
    });
  });
});

describe('DELETE /outcomes/{id}', () => {
  it('removes the outcome and reopens the plan', async () => {
    const client = await newClient();
    const plan = await createPlan(t, 'coordinator', client.client_id);
    const created = await addOutcome(plan.plan_id);
    expect(await recentPlanStatus(t, client)).toBe('Closed');

    const res = await t.call('DELETE', `/api/outcomes/${created.outcome_id}`, { as: 'coordinator' });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(await planStatus(plan.plan_id)).toBe('Open');
    expect(await recentPlanStatus(t, client)).toBe('Open');
    const list = await t.call('GET', `/api/plans/${plan.plan_id}/outcomes`, { as: 'coordinator' });
    expect(list.json).toEqual([]);
  });

  it('keeps the outcome with 409 when the client has opened another plan since', async () => {
    const client = await newClient();
    const planA = await createPlan(t, 'coordinator', client.client_id, { date: daysFromToday(-60) });
    const outcome = await addOutcome(planA.plan_id);
    const planB = await createPlan(t, 'coordinator', client.client_id);

    const res = await t.call('DELETE', `/api/outcomes/${outcome.outcome_id}`, { as: 'coordinator' });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'plan_reopen_conflict',
      message:
        'This plan cannot be reopened because the client already has another open plan. Close that plan first.',
    });
    expect(await planStatus(planA.plan_id)).toBe('Closed');
    expect(await planStatus(planB.plan_id)).toBe('Open');
    const list = await t.call('GET', `/api/plans/${planA.plan_id}/outcomes`, { as: 'coordinator' });
    expect(list.json).toEqual([outcome]);
  });
});
