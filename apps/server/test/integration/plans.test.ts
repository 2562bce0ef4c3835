import type { Client } from '@cairn/shared/clients.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barriers as barrierTable } from '../../src/db/schema/catalogue.ts';
import { planBarriers, plans } from '../../src/db/schema/plans.ts';
import { expectForbidden, expectNotFound, expectSignInRequired, type RouteCall } from '../helpers/access.ts';
import { daysFromToday, uniqueClient } from '../helpers/clients.ts';
import {
  catalogueItems,
  createPlan,
  outcomeBody,
  planInfo,
  recentPlanStatus,
  type CatalogueItem,
} from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let other: CatalogueItem;
let regular: CatalogueItem[];
beforeAll(async () => {
  t = await createTestApp();
  ({ other, regular } = await catalogueItems(t, 'barriers'));
});
afterAll(() => t.close());

const newClient = () => uniqueClient(t, 'Plan');

async function planRows(clientId: number) {
  return t.db.select().from(plans).where(eq(plans.clientId, clientId));
}

function post(clientId: number, patch: Record<string, unknown> = {}) {
  return t.call('POST', '/api/plans', {
    as: 'coordinator',
    body: { client_id: clientId, barriers: [], ...planInfo(), ...patch },
  });
}

describe('who may reach plans', () => {
  let client: Client;
  let plan: Plan;
  beforeAll(async () => {
    client = await newClient();
    plan = await createPlan(t, 'coordinator', client.client_id);
  });

  const routes = (): RouteCall[] => [
    { method: 'GET', url: `/api/clients/${client.client_id}/plans` },
    { method: 'POST', url: '/api/plans', body: { client_id: client.client_id, ...planInfo() } },
    { method: 'GET', url: `/api/plans/${plan.plan_id}` },
    { method: 'PUT', url: `/api/plans/${plan.plan_id}`, body: planInfo() },
    { method: 'DELETE', url: `/api/plans/${plan.plan_id}` },
  ];

  it('asks for a sign-in on every route', async () => {
    await expectSignInRequired(t, routes());
  });

  it('refuses the reporting role before reading the input', async () => {
    await expectForbidden(
      t,
      'reporter',
      routes().map((r) => ({ ...r, body: r.body ? {} : undefined })),
    );
  });

  it("answers another centre's client and plan as missing, and changes nothing", async () => {
    await expectNotFound(t, 'coordinator2', routes());
    const [row] = await planRows(client.client_id);
    expect(row).toMatchObject({ planId: plan.plan_id, status: 'Open' });
    expect((await planRows(client.client_id)).length).toBe(1);
  });

  it('answers a plan or client that does not exist with 404', async () => {
    expect((await t.call('GET', '/api/plans/999999', { as: 'coordinator' })).status).toBe(404);
    expect((await t.call('PUT', '/api/plans/999999', { as: 'coordinator', body: planInfo() })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', '/api/plans/999999', { as: 'coordinator' })).status).toBe(404);
    expect((await t.call('GET', '/api/clients/999999/plans', { as: 'coordinator' })).status).toBe(404);
    expect((await post(999999)).status).toBe(404);
  });

  it('lets an Admin reach the plans of any centre', async () => {
    const res = await t.call('GET', `/api/plans/${plan.plan_id}`, { as: 'admin' });
    expect(res.status).toBe(200);
    expect(res.json.plan_id).toBe(plan.plan_id);
  });
});

describe('POST /plans', () => {
  it('creates the plan open, with its barriers in the order given', async () => {
    const client = await newClient();
    const res = await post(client.client_id, {
      barriers: [
        { barrier_id: regular[1]!.id, other_name: 'ignored for a listed barrier' },
        { barrier_id: other.id, other_name: '  Caring for a parent  ' },
        { barrier_id: regular[0]!.id },
      ],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.id).toBe(res.json.plan.plan_id);
    expect(res.json.plan).toMatchObject({
      client_id: client.client_id,
      status: 'Open',
      current_employment: 'Unemployed',
      apprentice: 'No',
      _missing: false,
    });
    expect(
      res.json.plan.barriers.map((b: { barrier_id: number; other_name: string | null }) => [
        b.barrier_id,
        b.other_name,
      ]),
    ).toEqual([
      [regular[1]!.id, null],
      [other.id, 'Caring for a parent'],
      [regular[0]!.id, null],
    ]);
    expect(res.json.plan.barriers[0].name).toBe(regular[1]!.name);
    const [row] = await planRows(client.client_id);
    expect(row!.createdBy).toBe(t.demo.coordinator.userId);
    expect(await recentPlanStatus(t, client)).toBe('Open');
  });

  it('answers the spec messages for bad plan info', async () => {
    const client = await newClient();
    const future = await post(client.client_id, { date: daysFromToday(1) });
    expect(future.status).toBe(400);
    expect(future.json.error.fields.date).toBe("Date can't be in the future");
    const noEmployment = await post(client.client_id, { current_employment: null });
    expect(noEmployment.status).toBe(400);
    expect(noEmployment.json.error.fields.current_employment).toBe('This field is required');
    const noDate = await post(client.client_id, { date: '' });
    expect(noDate.json.error.fields.date).toBe('This field is required');
    expect(await planRows(client.client_id)).toEqual([]);
  });

  it('keeps the employment type for Employed clients only', async () => {
    const client = await newClient();
    const res = await post(client.client_id, {
      current_employment: 'Self-employed',
      employment_type: 'Casual',
    });
    expect(res.status).toBe(201);
    expect(res.json.plan.employment_type).toBeNull();
    const [row] = await planRows(client.client_id);
    expect(row!.employmentType).toBeNull();
  });

  it('flags a plan missing information', async () => {
    const a = await post((await newClient()).client_id, { apprentice: null });
    expect(a.json.plan._missing).toBe(true);
    const b = await post((await newClient()).client_id, {
      current_employment: 'Employed',
      employment_type: null,
    });
    expect(b.json.plan._missing).toBe(true);
    const c = await post((await newClient()).client_id, {
      current_employment: 'Employed',
      employment_type: 'Permanent',
    });
    expect(c.json.plan).toMatchObject({ _missing: false, employment_type: 'Permanent' });
  });

  it('leaves no plan behind when a barrier is unknown, disabled or an unnamed Other', async () => {
    const client = await newClient();
    const unknown = await post(client.client_id, {
      barriers: [{ barrier_id: regular[0]!.id }, { barrier_id: 999999 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields).toEqual({
      'barriers.1.barrier_id': 'must be one of the listed answers',
    });

    const unnamed = await post(client.client_id, { barriers: [{ barrier_id: other.id, other_name: '  ' }] });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.error.fields).toEqual({ 'barriers.0.other_name': 'This field is required' });

    const disabled = regular[regular.length - 1]!;
    await t.db.update(barrierTable).set({ disabled: true }).where(eq(barrierTable.barrierId, disabled.id));
    try {
      const res = await post(client.client_id, { barriers: [{ barrier_id: disabled.id }] });
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ 'barriers.0.barrier_id': 'must be one of the listed answers' });
    } finally {
      await t.db.update(barrierTable).set({ disabled: false }).where(eq(barrierTable.barrierId, disabled.id));
    }
    expect(await planRows(client.client_id)).toEqual([]);
    // Nothing was left open: the client can still start a plan.
    expect((await post(client.client_id)).status).toBe(201);
  });

  it('drops repeated barriers, keeping each named Other once per name', async () => {
    const client = await newClient();
    const res = await post(client.client_id, {
      barriers: [
        { barrier_id: other.id, other_name: 'Shift work' },
        { barrier_id: regular[0]!.id },
        { barrier_id: other.id, other_name: 'No phone' },
        { barrier_id: regular[0]!.id },
        { barrier_id: other.id, other_name: 'shift WORK' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.json.plan.barriers.map((b: { other_name: string | null }) => b.other_name)).toEqual([
      'Shift work',
      null,
      'No phone',
    ]);
  });

  it('refuses a second open plan for the client with 409', async () => {
    const client = await newClient();
    await createPlan(t, 'coordinator', client.client_id);
    const res = await post(client.client_id);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'open_plan_exists',
      message: 'There can only be one open plan at a time.',
    });
    expect((await planRows(client.client_id)).length).toBe(1);
  });

  it('opens exactly one plan when 50 are requested at once', async () => {
    const client = await newClient();
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(client.client_id)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(49);
    const open = await t.db
      .select()
      .from(plans)
      .where(and(eq(plans.clientId, client.client_id), eq(plans.status, 'Open')));
    expect(open.length).toBe(1);
    expect((await planRows(client.client_id)).length).toBe(1);
  });
});

describe('GET /clients/{id}/plans', () => {
  it('lists the plans newest first, each with its barriers', async () => {
    const client = await newClient();
    /** A closed plan: created, then given an outcome. */
    const closedPlan = async (date: string, barrierIds: number[]) => {
      const res = await post(client.client_id, {
        date,
        barriers: barrierIds.map((id) => ({ barrier_id: id })),
      });
      expect(res.status).toBe(201);
      const outcome = await t.call('POST', '/api/outcomes', {
        as: 'coordinator',
        body: outcomeBody(res.json.id),
      });
      expect(outcome.status).toBe(201);
      return res.json.id as number;
    };
    const older = await closedPlan(daysFromToday(-30), [regular[0]!.id]);
    const newer = await closedPlan(daysFromToday(-10), []);
    const olderAddedLater = await closedPlan(daysFromToday(-30), [regular[2]!.id, regular[1]!.id]);
    const sameDayAsNewer = (await post(client.client_id, { date: daysFromToday(-10) })).json.id as number;

    const res = await t.call('GET', `/api/clients/${client.client_id}/plans`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json.map((p: Plan) => p.plan_id)).toEqual([sameDayAsNewer, newer, olderAddedLater, older]);
    expect(res.json.map((p: Plan) => p.status)).toEqual(['Open', 'Closed', 'Closed', 'Closed']);
    expect(res.json[2].barriers.map((b: { barrier_id: number }) => b.barrier_id)).toEqual([
      regular[2]!.id,
      regular[1]!.id,
    ]);
    expect(res.json[3].barriers.map((b: { barrier_id: number }) => b.barrier_id)).toEqual([regular[0]!.id]);
    expect(res.json[1].barriers).toEqual([]);
  });

  it('answers an empty list for a client without plans', async () => {
    const client = await newClient();
    const res = await t.call('GET', `/api/clients/${client.client_id}/plans`, { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });
});

describe('PUT /plans/{id}', () => {
  it('saves the plan info, clearing the employment type unless Employed', async () => {
    const client = await newClient();
    const plan = await createPlan(t, 'coordinator', client.client_id, {
      current_employment: 'Employed',
      employment_type: 'Seasonal',
    });
    const res = await t.call('PUT', `/api/plans/${plan.plan_id}`, {
      as: 'coordinator',
      body: planInfo({
        date: daysFromToday(-3),
        current_employment: 'Unemployed',
        employment_type: 'Seasonal',
        relocate: 'Yes',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      plan_id: plan.plan_id,
      date: daysFromToday(-3),
      current_employment: 'Unemployed',
      employment_type: null,
      relocate: 'Yes',
      status: 'Open',
    });
    expect((await t.call('GET', `/api/plans/${plan.plan_id}`, { as: 'coordinator' })).json).toEqual(res.json);
  });

  it('never sets the status, which follows the outcome', async () => {
    const client = await newClient();
    const plan = await createPlan(t, 'coordinator', client.client_id);
    const res = await t.call('PUT', `/api/plans/${plan.plan_id}`, {
      as: 'coordinator',
      body: { ...planInfo(), status: 'Closed' },
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('Open');
    const [row] = await planRows(client.client_id);
    expect(row!.status).toBe('Open');
  });

  it('keeps the barriers and answers the spec messages', async () => {
    const client = await newClient();
    const created = await post(client.client_id, { barriers: [{ barrier_id: regular[0]!.id }] });
    const id = created.json.id as number;
    const bad = await t.call('PUT', `/api/plans/${id}`, {
      as: 'coordinator',
      body: planInfo({ date: daysFromToday(2), current_employment: '' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toMatchObject({
      date: "Date can't be in the future",
      current_employment: 'This field is required',
    });
    const ok = await t.call('PUT', `/api/plans/${id}`, {
      as: 'coordinator',
      body: planInfo({ apprentice: null }),
    });
    expect(ok.json._missing).toBe(true);
    expect(ok.json.barriers.map((b: { barrier_id: number }) => b.barrier_id)).toEqual([regular[0]!.id]);
  });
});

describe('DELETE /plans/{id}', () => {
  it('deletes the plan with its barriers and outcome', async () => {
    const client = await newClient();
    const created = await post(client.client_id, { barriers: [{ barrier_id: regular[0]!.id }] });
    const id = created.json.id as number;
    expect((await t.call('POST', '/api/outcomes', { as: 'coordinator', body: outcomeBody(id) })).status).toBe(
      201,
    );

    const res = await t.call('DELETE', `/api/plans/${id}`, { as: 'coordinator' });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await t.call('GET', `/api/plans/${id}`, { as: 'coordinator' })).status).toBe(404);
    expect(await t.db.select().from(planBarriers).where(eq(planBarriers.planId, id))).toEqual([]);
    expect(await recentPlanStatus(t, client)).toBeNull();
    // With its only plan gone, the client may open a new one.
    expect((await post(client.client_id)).status).toBe(201);
  });
});
