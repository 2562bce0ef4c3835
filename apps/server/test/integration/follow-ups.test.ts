import { todayIso } from '@cairn/shared/dates';
import type { FollowUp } from '@cairn/shared/follow-ups.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForbidden, expectNotFound, expectSignInRequired, type RouteCall } from '../helpers/access.ts';
import { entriesOf } from '../helpers/audit.ts';
import { daysFromToday } from '../helpers/clients.ts';
import { closedPlan, daysBetween, followUpBody, followUpsOf, monthsAfter } from '../helpers/follow-ups.ts';
import { outcomeBody } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const record = (id: number, body: unknown, as: 'coordinator' | 'admin' = 'coordinator') =>
  t.call('PUT', `/api/follow-ups/${id}`, { as, body });

describe('scheduling follow-ups with the outcome', () => {
  it('schedules one at 3, 6 and 12 months after the outcome date, due and not recorded', async () => {
    const { planId } = await closedPlan(t, '2024-01-31');
    const list = await followUpsOf(t, planId);
    expect(list.map((f) => [f.month, f.due_date, f.status])).toEqual([
      [3, monthsAfter('2024-01-31', 3), 'overdue'],
      [6, monthsAfter('2024-01-31', 6), 'overdue'],
      [12, monthsAfter('2024-01-31', 12), 'overdue'],
    ]);
    expect(list[0]).toMatchObject({
      plan_id: planId,
      due_date: '2024-04-30',
      contact_date: null,
      reached: null,
      post_program_status: null,
      hours: null,
      employment_type: null,
      job_title: null,
      noc: null,
      note: null,
      recorded_by: null,
      recorded_at: null,
    });
  });

  it('answers none for a plan without an outcome', async () => {
    const { planId, outcome } = await closedPlan(t, '2024-02-01');
    expect(
      (await t.call('DELETE', `/api/outcomes/${outcome.outcome_id}`, { as: 'coordinator' })).status,
    ).toBe(204);
    expect(await followUpsOf(t, planId)).toEqual([]);
  });

  it('moves those not yet recorded when the outcome date changes, and keeps the recorded ones', async () => {
    const { planId, outcome } = await closedPlan(t, '2024-01-15');
    const [first] = await followUpsOf(t, planId);
    expect((await record(first!.follow_up_id, followUpBody())).status).toBe(200);

    const moved = await t.call('PUT', `/api/outcomes/${outcome.outcome_id}`, {
      as: 'coordinator',
      body: outcomeBody(planId, { date: '2024-03-31' }),
    });
    expect(moved.status).toBe(200);
    const list = await followUpsOf(t, planId);
    expect(list.map((f) => [f.month, f.due_date])).toEqual([
      [3, '2024-04-15'],
      [6, monthsAfter('2024-03-31', 6)],
      [12, monthsAfter('2024-03-31', 12)],
    ]);
    expect(list[1]!.due_date).toBe('2024-09-30');
    expect(list[0]!.contact_date).toBe('2024-06-01');
  });

  it('removes them with the outcome', async () => {
    const { planId, outcome } = await closedPlan(t, '2024-05-05');
    const [first] = await followUpsOf(t, planId);
    await record(first!.follow_up_id, followUpBody());
    await t.call('DELETE', `/api/outcomes/${outcome.outcome_id}`, { as: 'coordinator' });
    expect(await followUpsOf(t, planId)).toEqual([]);
    expect((await record(first!.follow_up_id, followUpBody())).status).toBe(404);
  });

  it('schedules the months FOLLOW_UP_MONTHS sets', async () => {
    const other = await createTestApp({ FOLLOW_UP_MONTHS: '1,24' });
    try {
      const { planId } = await closedPlan(other, '2023-12-31');
      const list = await followUpsOf(other, planId);
      expect(list.map((f) => [f.month, f.due_date])).toEqual([
        [1, '2024-01-31'],
        [24, '2025-12-31'],
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('recording a follow-up', () => {
  let planId: number;
  let followUp: FollowUp;
  beforeAll(async () => {
    ({ planId } = await closedPlan(t, '2024-02-10'));
    followUp = (await followUpsOf(t, planId))[1]!;
  });

  it('records what the contact found on a closed plan, with who recorded it', async () => {
    const res = await record(followUp.follow_up_id, followUpBody({ noc: ' 6320 ' }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ...followUpBody({ noc: '6320' }),
      follow_up_id: followUp.follow_up_id,
      month: 6,
      status: 'done',
      recorded_by: 'Casey Coordinator',
    });
    expect(Date.parse(res.json.recorded_at)).toBeGreaterThan(Date.now() - 60_000);
    const plan = await t.call('GET', `/api/plans/${planId}`, { as: 'coordinator' });
    expect(plan.json.status).toBe('Closed');
    expect((await followUpsOf(t, planId))[1]).toEqual(res.json);
  });

  it('clears what does not apply: all but the note when not reached, the job when not employed', async () => {
    const unreached = await record(followUp.follow_up_id, followUpBody({ reached: false }));
    expect(unreached.json).toMatchObject({
      reached: false,
      status: 'unreachable',
      post_program_status: null,
      hours: null,
      employment_type: null,
      job_title: null,
      noc: null,
      note: 'Likes the new job.',
    });
    const school = await record(
      followUp.follow_up_id,
      followUpBody({ post_program_status: 'Returned to school', hours: 'Part time' }),
    );
    expect(school.json).toMatchObject({
      post_program_status: 'Returned to school',
      hours: 'Part time',
      employment_type: null,
      job_title: null,
      noc: '63200',
    });
    const blank = await record(
      followUp.follow_up_id,
      followUpBody({ post_program_status: 'Self-employed', hours: '', job_title: '', noc: '', note: '' }),
    );
    expect(blank.json).toMatchObject({ hours: null, job_title: null, noc: null, note: null });
  });

  it('answers the messages of the other forms, field by field', async () => {
    const fieldsOf = async (body: unknown) => {
      const res = await record(followUp.follow_up_id, body);
      expect(res.status).toBe(400);
      return res.json.error.fields as Record<string, string>;
    };
    expect(await fieldsOf({})).toEqual({
      contact_date: 'This field is required',
      reached: 'This field is required',
    });
    expect(await fieldsOf(followUpBody({ contact_date: daysFromToday(1) }))).toEqual({
      contact_date: "Date can't be in the future",
    });
    expect(await fieldsOf(followUpBody({ contact_date: '2024-02-30' }))).toHaveProperty('contact_date');
    expect(await fieldsOf(followUpBody({ post_program_status: '' }))).toEqual({
      post_program_status: 'This field is required',
    });
    expect(await fieldsOf(followUpBody({ post_program_status: 'Employed', employment_type: null }))).toEqual({
      employment_type: 'This field is required',
    });
    expect(
      await fieldsOf(
        followUpBody({
          hours: 'Sometimes',
          job_title: 'x'.repeat(65),
          noc: '123',
          note: 'x'.repeat(2049),
          employment_type: 'Forever',
        }),
      ),
    ).toMatchObject({
      job_title: 'must be less than 64 characters',
      noc: 'must be a valid NOC',
      note: 'must be less than 2048 characters',
    });
    const choices = await fieldsOf(followUpBody({ hours: 'Sometimes', post_program_status: 'Retired' }));
    expect(Object.keys(choices).sort()).toEqual(['hours', 'post_program_status']);
    // A note is taken whether reached or not, within its limit.
    expect(await fieldsOf(followUpBody({ reached: false, note: 'x'.repeat(2049) }))).toEqual({
      note: 'must be less than 2048 characters',
    });
    const unchanged = (await followUpsOf(t, planId))[1]!;
    expect(unchanged.post_program_status).toBe('Self-employed');
  });

  it('never answers 500, whatever is sent', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { reached: 'yes', contact_date: '2024-01-01' },
      { reached: true, contact_date: 20240101 },
      { ...followUpBody(), noc: 63200, hours: ['Full time'], note: { a: 1 } },
      { ...followUpBody(), contact_date: '0000-00-00' },
      { ...followUpBody(), job_title: '\u0000' },
    ];
    for (const body of bodies) {
      const res = await t.call('PUT', `/api/follow-ups/${followUp.follow_up_id}`, {
        as: 'coordinator',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const id of ['0', '-1', 'abc', '1e3', '99999999999'])
      expect([400, 404]).toContain((await record(id as unknown as number, followUpBody())).status);
  });

  it('writes an entry per change, naming the client and what changed', async () => {
    const { clientId, planId: plan } = await closedPlan(t, '2024-03-03');
    const [first] = await followUpsOf(t, plan);
    const { entries } = await entriesOf(t, () =>
      record(first!.follow_up_id, followUpBody({ reached: false })),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'update',
      record_kind: 'follow_up',
      record_id: first!.follow_up_id,
      client_id: clientId,
      outcome: 'allowed',
      user_id: t.demo.coordinator.userId,
    });
    const changes = entries[0]!.details.changes as Array<{ field: string; before: unknown; after: unknown }>;
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'contact_date', before: null, after: '2024-06-01' },
        { field: 'reached', before: null, after: false },
        { field: 'note', before: null, after: 'Likes the new job.' },
      ]),
    );
    expect(changes.map((c) => c.field)).not.toContain('recorded_by');
    const read = await entriesOf(t, () => t.call('GET', `/api/plans/${plan}/follow-ups`, { as: 'admin' }));
    expect(read.entries).toHaveLength(1);
    expect(read.entries[0]).toMatchObject({ action: 'read', record_kind: 'follow_up', client_id: clientId });
  });
});

describe('who may reach follow-ups', () => {
  let planId: number;
  let followUpId: number;
  beforeAll(async () => {
    ({ planId } = await closedPlan(t, '2024-04-04'));
    followUpId = (await followUpsOf(t, planId))[0]!.follow_up_id;
  });
  const routes = (): RouteCall[] => [
    { method: 'GET', url: `/api/plans/${planId}/follow-ups` },
    { method: 'PUT', url: `/api/follow-ups/${followUpId}`, body: followUpBody() },
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

  it("answers another centre's plan and follow-up as missing, and changes nothing", async () => {
    await expectNotFound(t, 'coordinator2', routes());
    expect((await followUpsOf(t, planId))[0]!.contact_date).toBeNull();
  });

  it("lets the centre's Coordinator and an Admin read and record", async () => {
    for (const as of ['coordinator', 'admin'] as const) {
      expect((await followUpsOf(t, planId, as)).length).toBe(3);
      const res = await record(followUpId, followUpBody({ note: as }), as);
      expect(res.status, as).toBe(200);
      expect(res.json.note).toBe(as);
    }
    expect((await followUpsOf(t, planId))[0]!.recorded_by).toBe('Avery Admin');
  });

  it('answers 404 for what does not exist', async () => {
    expect((await t.call('GET', '/api/plans/999999/follow-ups', { as: 'coordinator' })).status).toBe(404);
    expect((await record(999999, followUpBody())).status).toBe(404);
  });
});

// Last: the clock moves forward for the rest of the file.
describe('statuses over time (the server clock)', () => {
  it('is due until 14 days past its due date, then overdue, until recorded', async () => {
    const today = todayIso();
    const { planId } = await closedPlan(t, today);
    const [first] = await followUpsOf(t, planId);
    expect(first!.due_date).toBe(monthsAfter(today, 3));
    expect(first!.status).toBe('due');
    let moved = 0;
    const moveTo = (days: number) => {
      t.advanceClock((days - moved) * 86_400_000);
      moved = days;
    };
    const untilDue = daysBetween(today, first!.due_date);
    moveTo(untilDue);
    expect((await followUpsOf(t, planId))[0]!.status).toBe('due');
    moveTo(untilDue + 13);
    expect((await followUpsOf(t, planId)).map((f) => f.status)).toEqual(['due', 'due', 'due']);
    moveTo(untilDue + 14);
    expect((await followUpsOf(t, planId)).map((f) => f.status)).toEqual(['overdue', 'due', 'due']);
    expect((await record(first!.follow_up_id, followUpBody({ contact_date: today }))).json.status).toBe(
      'done',
    );
    expect((await record(first!.follow_up_id, followUpBody({ reached: false }))).json.status).toBe(
      'unreachable',
    );
  });
});
