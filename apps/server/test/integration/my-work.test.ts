import { addDays, todayIso } from '@cairn/shared/dates';
import { MY_WORK_ROWS } from '@cairn/shared/my-work.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageActivity, noteBody, putFollowUp, spendingBody, workerCalls } from '../helpers/my-work.ts';
import { planInfo } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { userCalls } from '../helpers/users.ts';
import { activityMismatchesSql } from '../support/my-work-reference.ts';

/**
 * My work (issue 32): each list's content and counts against the data set up, the clock moving a
 * follow-up from due to overdue, gone quiet with GONE_QUIET_DAYS set otherwise and after each
 * kind of write (the plan's last activity its triggers keep, migration 0038), the role and centre
 * matrix through the access layer.
 */
let t: TestApp;
const users = userCalls(() => t);
/** A Coordinator of the demo Coordinator's centre with no clients but those made here. */
let worker: { id: number; token: string };
const w = workerCalls(
  () => t,
  () => worker.token,
);
const DAY = 86_400_000;
/** The server's today (the test clock). */
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  const { id } = await users.createUser();
  worker = { id, token: await t.tokenForId(id) };
});
afterAll(() => t.close());

/** Runs `check` with the server's clock `days` ahead, then puts it back. */
async function daysLater(days: number, check: () => Promise<void>) {
  t.advanceClock(days * DAY);
  try {
    await check();
  } finally {
    t.advanceClock(-days * DAY);
  }
}

const countOf = async (query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;

describe('who may read My work', () => {
  it('answers Coordinators, refuses Admins and Reporters (403) and anyone not signed in (401)', async () => {
    expect((await t.call('GET', '/api/my-work')).status).toBe(401);
    for (const as of ['admin', 'reporter'] as const) {
      const res = await t.call('GET', '/api/my-work', { as });
      expect(res.status, as).toBe(403);
      expect(res.json.error.code).toBe('forbidden');
    }
    for (const as of ['coordinator', 'coordinator2'] as const) {
      expect((await t.call('GET', '/api/my-work', { as })).status, as).toBe(200);
    }
  });

  it("lists only the caller's clients, and the unassigned clients of their own centre", async () => {
    const mine = await w.client({ first_name: 'Mina', highest_education: null });
    for (const as of ['coordinator', 'coordinator2'] as const) {
      const res = await t.call('GET', '/api/my-work', { as });
      const ids = res.json.missing_info.items.map((i: { client_id: number }) => i.client_id);
      expect(ids, as).not.toContain(mine.client_id);
      const centre = t.demo[as].centreId!;
      const unassigned = res.json.unassigned;
      const expected = await countOf(
        sql`SELECT count(*)::int AS n FROM clients WHERE worker_id IS NULL AND centre_id = ${centre}`,
      );
      expect(unassigned.total, as).toBe(expected);
      const centres = await t.db.execute(
        sql`SELECT DISTINCT centre_id FROM clients
             WHERE client_id = ANY (${`{${unassigned.items.map((i: { client_id: number }) => i.client_id).join(',')}}`}::int[])`,
      );
      expect(
        (centres as unknown as { rows: Array<{ centre_id: number }> }).rows.map((r) => r.centre_id),
      ).toEqual(unassigned.total > 0 ? [centre] : []);
    }
  });
});

describe('the lists', () => {
  it('lists the clients missing information, newest changes first, with the total', async () => {
    const before = (await w.myWork()).json.missing_info.total;
    const complete = await w.client({ first_name: 'Complete' });
    const lacking = await w.client({ first_name: 'Lacking', highest_education: null });
    const res = await w.myWork();
    expect(res.status).toBe(200);
    const list = res.json.missing_info;
    expect(list.total).toBe(before + 1);
    expect(list.items[0]).toMatchObject({ client_id: lacking.client_id, full_name: 'Lacking Lovelace' });
    expect(list.items.map((i: { client_id: number }) => i.client_id)).not.toContain(complete.client_id);
    const expected = await countOf(
      sql`SELECT count(*)::int AS n FROM clients WHERE worker_id = ${worker.id} AND missing_info`,
    );
    expect(list.total).toBe(expected);
  });

  it('lists the unassigned clients of the centre, the newest first, with the total', async () => {
    const nobodys = await w.client({ first_name: 'Nobodys', worker_id: null });
    const list = (await w.myWork()).json.unassigned;
    expect(list.items[0]).toMatchObject({ client_id: nobodys.client_id, full_name: 'Nobodys Lovelace' });
    expect(list.items.length).toBe(Math.min(MY_WORK_ROWS, list.total));
  });

  it('pages each list on its own: every row once, in order, the totals unchanged', async () => {
    for (let i = 0; i < MY_WORK_ROWS + 3; i += 1) {
      await w.client({ first_name: `Paged${String(i).padStart(2, '0')}`, highest_education: null });
    }
    const ids = (items: Array<{ client_id: number }>) => items.map((i) => i.client_id);
    const expected = (
      (await t.db.execute(
        sql`SELECT client_id FROM clients WHERE worker_id = ${worker.id} AND missing_info
             ORDER BY updated_at DESC, name_key DESC, client_id DESC`,
      )) as unknown as { rows: Array<{ client_id: number }> }
    ).rows;
    expect(expected.length).toBeGreaterThan(MY_WORK_ROWS);
    const first = (await w.myWork()).json;
    const pages = Math.ceil(expected.length / MY_WORK_ROWS);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page += 1) {
      const res = await w.myWork(`?missing_info_page=${page}&unassigned_page=1`);
      expect(res.status).toBe(200);
      expect(res.json.missing_info.total).toBe(expected.length);
      expect(res.json.missing_info.items.length).toBe(Math.min(MY_WORK_ROWS, expected.length - seen.length));
      seen.push(...ids(res.json.missing_info.items));
      // The other lists stay on their first page.
      expect(res.json.unassigned).toEqual(first.unassigned);
      expect(res.json.gone_quiet).toEqual(first.gone_quiet);
    }
    expect(seen).toEqual(ids(expected));
    const past = (await w.myWork(`?missing_info_page=${pages + 1}`)).json.missing_info;
    expect(past).toEqual({ total: expected.length, items: [] });
    const unassigned = first.unassigned.total;
    const second = (await w.myWork('?unassigned_page=2')).json;
    expect(second.unassigned.total).toBe(unassigned);
    expect(second.unassigned.items.length).toBe(
      Math.max(0, Math.min(MY_WORK_ROWS, unassigned - MY_WORK_ROWS)),
    );
    expect(ids(second.unassigned.items)).not.toContain(first.unassigned.items[0]?.client_id);
    expect(second.missing_info).toEqual((await w.myWork()).json.missing_info);
    for (const bad of [
      'follow_ups_page=0',
      'gone_quiet_page=x',
      'unassigned_page=10000001',
      'missing_info_page=1.5',
    ]) {
      const res = await w.myWork(`?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.error.code, bad).toBe('validation_failed');
    }
  });

  it('lists follow-ups due within the week or past due, not later ones nor recorded ones', async () => {
    today = todayIso();
    const client = await w.client({ first_name: 'Followed' });
    const plan = await w.plan(client.client_id);
    const outcomeId = await w.close(plan.plan_id);
    const at = { planId: plan.plan_id, outcomeId };
    const soon = await putFollowUp(t, { ...at, month: 3, dueDate: addDays(today, 3) });
    const late = await putFollowUp(t, { ...at, month: 6, dueDate: addDays(today, -20) });
    await putFollowUp(t, { ...at, month: 12, dueDate: addDays(today, 8) });
    const other = await w.plan((await w.client({ first_name: 'Recorded' })).client_id);
    const otherOutcome = await w.close(other.plan_id);
    await putFollowUp(t, {
      planId: other.plan_id,
      outcomeId: otherOutcome,
      month: 3,
      dueDate: addDays(today, -1),
      contactDate: today,
    });

    const list = (await w.myWork()).json.follow_ups;
    expect(list).toMatchObject({ total: 2, due: 1, overdue: 1 });
    expect(list.items).toEqual([
      {
        follow_up_id: late,
        client_id: client.client_id,
        full_name: 'Followed Lovelace',
        plan_id: plan.plan_id,
        month: 6,
        due_date: addDays(today, -20),
        status: 'overdue',
      },
      expect.objectContaining({ follow_up_id: soon, due_date: addDays(today, 3), status: 'due' }),
    ]);
    // Another Coordinator of the centre does not see them.
    const colleague = (await t.call('GET', '/api/my-work', { as: 'coordinator' })).json.follow_ups.items;
    expect(colleague.map((i: { follow_up_id: number }) => i.follow_up_id)).not.toContain(soon);
  });

  it('moves a follow-up from due to overdue as the days pass (the clock)', async () => {
    const statusOf = async () =>
      (await w.myWork()).json.follow_ups.items.find(
        (i: { due_date: string }) => i.due_date === addDays(today, 3),
      );
    await daysLater(17, async () => {
      expect((await w.myWork()).json.today).toBe(addDays(today, 17));
      expect(await statusOf()).toMatchObject({ status: 'due' });
    });
    await daysLater(18, async () => {
      expect(await statusOf()).toMatchObject({ status: 'overdue' });
      expect((await w.myWork()).json.follow_ups).toMatchObject({ total: 3, due: 1, overdue: 2 });
    });
  });

  it("follows a client's follow-ups to the worker they are reassigned to, and to no one when unassigned", async () => {
    const ids = (items: Array<{ follow_up_id: number }>) => items.map((i) => i.follow_up_id);
    const mine = async () => ids((await w.myWork()).json.follow_ups.items);
    const colleagues = async () =>
      ids((await t.call('GET', '/api/my-work', { as: 'coordinator' })).json.follow_ups.items);
    const before = await mine();
    expect(before.length).toBe(2);
    const clientId = ((await w.myWork()).json.follow_ups.items as Array<{ client_id: number }>)[0]!.client_id;
    const reassign = async (workerId: number | null) =>
      expect(
        (
          await t.call('POST', '/api/clients/reassign', {
            as: 'admin',
            body: { client_ids: [clientId], worker_id: workerId },
          })
        ).status,
      ).toBe(200);
    await reassign(t.demo.coordinator.userId);
    expect(await mine()).toEqual([]);
    expect(await colleagues()).toEqual(expect.arrayContaining(before));
    await reassign(null);
    expect(await mine()).toEqual([]);
    expect(await colleagues()).not.toEqual(expect.arrayContaining(before));
    await reassign(worker.id);
    expect(await mine()).toEqual(before);
  });
});

describe('plans gone quiet', () => {
  let quiet: number;
  let noted: number;
  let met: number;

  beforeAll(async () => {
    const plans = [];
    for (const name of ['Quiet', 'Noted', 'Met'])
      plans.push(await w.plan((await w.client({ first_name: name })).client_id));
    [quiet, noted, met] = plans.map((p) => p.plan_id) as [number, number, number];
    for (const id of [quiet, noted, met]) await ageActivity(t, id, 60);
    await w.note(noted);
    await w.interaction(plans[2]!.client_id);
  });

  const quietIds = (json: { gone_quiet: { items: Array<{ plan_id: number }> } }) =>
    json.gone_quiet.items.map((i) => i.plan_id);

  it('lists open plans with no note, interaction or change for 30 days, quietest first', async () => {
    const json = (await w.myWork()).json;
    expect(json.gone_quiet_days).toBe(30);
    expect(quietIds(json)).toContain(quiet);
    expect(quietIds(json)).not.toContain(noted);
    expect(quietIds(json)).not.toContain(met);
    const row = json.gone_quiet.items.find((i: { plan_id: number }) => i.plan_id === quiet);
    expect(row.full_name).toBe('Quiet Lovelace');
    expect(Date.parse(row.last_activity)).toBeLessThan(Date.now() - 59 * DAY);
    const times = json.gone_quiet.items.map((i: { last_activity: string }) => Date.parse(i.last_activity));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(json.gone_quiet.total).toBe(json.gone_quiet.items.length);
  });

  it('counts the plans noted or met today as quiet once 30 days have passed', async () => {
    await daysLater(31, async () => {
      const json = (await w.myWork()).json;
      expect(quietIds(json)).toEqual(expect.arrayContaining([quiet, noted, met]));
    });
  });

  it('follows GONE_QUIET_DAYS', async () => {
    const other = await t.secondServer({ GONE_QUIET_DAYS: '90' });
    try {
      const json = (await other.call('GET', '/api/my-work', { token: worker.token })).json;
      expect(json.gone_quiet_days).toBe(90);
      expect(quietIds(json)).not.toContain(quiet);
    } finally {
      await other.close();
    }
  });

  it('leaves closed plans out', async () => {
    await w.close(quiet);
    expect(quietIds((await w.myWork()).json)).not.toContain(quiet);
  });
});

describe('gone quiet after each kind of write (the last activity the triggers keep)', () => {
  /**
   * A write on a plan gone quiet 60 days ago; `prepare` makes, before it goes quiet, the record
   * the write changes or deletes and answers its URL.
   */
  interface Write {
    name: string;
    prepare?: (plan: Plan) => Promise<string>;
    write: (plan: Plan, url: string) => Promise<unknown>;
    /** A deletion: the plan's last activity is then the deletion's time, later than the records'. */
    deletes?: boolean;
  }
  const aNote = async (plan: Plan) => `/api/notes/${(await w.note(plan.plan_id)).note_id}`;
  const aSpending = async (plan: Plan) => `/api/spendings/${(await w.spending(plan.plan_id)).spending_id}`;
  const writes: Write[] = [
    { name: 'a note recorded', write: (plan) => w.note(plan.plan_id) },
    {
      name: 'a note changed',
      prepare: aNote,
      write: (plan, url) => w.change(url, noteBody(plan.plan_id, { notes: 'Called back.' })),
    },
    { name: 'a note deleted', prepare: aNote, write: (_, url) => w.remove(url), deletes: true },
    { name: 'a spending recorded', write: (plan) => w.spending(plan.plan_id) },
    {
      name: 'a spending changed',
      prepare: aSpending,
      write: (plan, url) => w.change(url, spendingBody(plan.plan_id, { value: 80 })),
    },
    { name: 'a spending deleted', prepare: aSpending, write: (_, url) => w.remove(url), deletes: true },
    {
      name: "an interaction with the plan's client recorded",
      write: (plan) => w.interaction(plan.client_id),
    },
    {
      name: 'the plan changed',
      write: (plan) => w.change(`/api/plans/${plan.plan_id}`, planInfo({ relocate: 'Yes' })),
    },
  ];
  const deleted: number[] = [];

  /** The plans (of `planIds`, else all) whose stored last activity is not the records'. */
  const differingPlans = async (planIds?: number[]) =>
    (
      (await t.db.execute(activityMismatchesSql(planIds))) as unknown as { rows: Array<{ plan_id: number }> }
    ).rows.map((r) => r.plan_id);
  const quietRow = async (planId: number) =>
    ((await w.myWork()).json.gone_quiet.items as Array<{ plan_id: number; last_activity: string }>).find(
      (i) => i.plan_id === planId,
    );

  for (const { name, prepare, write, deletes } of writes)
    it(`brings the plan back on ${name}, quiet again once 30 days have passed`, async () => {
      const plan = await w.plan((await w.client({ first_name: 'Active' })).client_id);
      const url = (await prepare?.(plan)) ?? '';
      await ageActivity(t, plan.plan_id, 60);
      expect(Date.parse((await quietRow(plan.plan_id))!.last_activity)).toBeLessThan(Date.now() - 59 * DAY);

      const before = Date.now();
      await write(plan, url);
      const after = Date.now();
      expect(await quietRow(plan.plan_id)).toBeUndefined();
      await daysLater(29, async () => expect(await quietRow(plan.plan_id)).toBeUndefined());
      await daysLater(31, async () => {
        const at = Date.parse((await quietRow(plan.plan_id))!.last_activity);
        expect(at).toBeGreaterThanOrEqual(before);
        expect(at).toBeLessThanOrEqual(after);
      });
      // As My work computed it from the records, but after a deletion, which counts as activity.
      expect(await differingPlans([plan.plan_id])).toEqual(deletes ? [plan.plan_id] : []);
      if (deletes) deleted.push(plan.plan_id);
    });

  it('holds, for every plan, the last activity its records give, but where a record was deleted', async () => {
    expect(await differingPlans()).toEqual(deleted);
  });
});
