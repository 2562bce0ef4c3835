import { todayIso } from '@cairn/shared/dates';
import { MINISTRY_SHEET_NAMES } from '@cairn/shared/wording';
import type { DashboardData } from '@cairn/shared/reporting.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '../helpers/clients.ts';
import { closedPlan, followUpBody, followUpsOf } from '../helpers/follow-ups.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';
import { readBack } from '../helpers/xlsx.ts';

/**
 * Retention on the outcomes dashboard and the ministry spreadsheet's follow-ups, each checked
 * against a count written here from the stored rows, without the server's statements or rules.
 */
let t: TestApp;
const FY = { start: '2024-04-01', end: '2025-03-31' };
const RECENT = { start: daysFromToday(-200), end: todayIso() };

/** The answers recorded, in turn, on the follow-ups of the fixture (null: left unrecorded). */
const ANSWERS: Array<Record<string, unknown> | null> = [
  followUpBody(),
  followUpBody({ hours: 'Part time', post_program_status: 'Self-employed' }),
  followUpBody({ hours: null }),
  followUpBody({ reached: false }),
  followUpBody({ post_program_status: 'Returned to school', hours: 'Full time' }),
  null,
  followUpBody({ post_program_status: 'Employed', hours: 'Part time', noc: '1111' }),
];

beforeAll(async () => {
  t = await createTestApp();
  const closings: Array<[string, DemoUserKey]> = [
    ['2024-03-31', 'coordinator'], // the day before the fiscal year
    ['2024-04-01', 'coordinator'],
    ['2024-06-30', 'coordinator2'],
    ['2024-11-15', 'coordinator'],
    ['2025-03-31', 'coordinator2'],
    ['2025-04-01', 'coordinator'], // the day after
    [daysFromToday(-100), 'coordinator'], // only the 3-month follow-up is due
    [daysFromToday(-30), 'coordinator2'], // none is due yet
  ];
  let n = 0;
  for (const [date, as] of closings) {
    const { planId } = await closedPlan(t, date, {}, as);
    for (const f of await followUpsOf(t, planId, as)) {
      const answer = ANSWERS[n++ % ANSWERS.length];
      if (answer)
        expect((await t.call('PUT', `/api/follow-ups/${f.follow_up_id}`, { as, body: answer })).status).toBe(
          200,
        );
    }
  }
});
afterAll(() => t.close());

interface Stored {
  follow_up_id: number;
  client_id: number;
  plan_id: number;
  centre_id: number;
  outcome_id: number;
  outcome_date: string;
  month: number;
  due_date: string;
  contact_date: string | null;
  reached: boolean | null;
  post_program_status: string | null;
  hours: string | null;
  noc: string | null;
}

/** Every follow-up as stored, with its outcome's date and its client's centre. */
async function stored(): Promise<Stored[]> {
  const result = await t.db.execute(sql`
    SELECT f.follow_up_id, p.client_id, f.plan_id, c.centre_id, f.outcome_id,
           to_char(o.date, 'YYYY-MM-DD') AS outcome_date, f.month, to_char(f.due_date, 'YYYY-MM-DD') AS due_date,
           to_char(f.contact_date, 'YYYY-MM-DD') AS contact_date, f.reached, f.post_program_status, f.hours, f.noc
      FROM follow_ups f, outcomes o, plans p, clients c
     WHERE o.outcome_id = f.outcome_id AND p.plan_id = f.plan_id AND c.client_id = p.client_id`);
  return (result as unknown as { rows: Stored[] }).rows.map((r) => ({ ...r, month: Number(r.month) }));
}

/** Retention counted by hand: `{ 'month|measure': n }` for the measures that are not 0. */
function expectedRetention(rows: Stored[], range: { start: string; end: string }, centreId?: number) {
  const today = todayIso();
  const out: Record<string, number> = {};
  const add = (month: number, measure: string) => {
    const key = `${month}|${measure}`;
    out[key] = (out[key] ?? 0) + 1;
  };
  for (const r of rows) {
    if (r.outcome_date < range.start || r.outcome_date > range.end) continue;
    if (centreId !== undefined && r.centre_id !== centreId) continue;
    if (r.due_date > today) continue;
    add(r.month, 'due');
    if (r.reached !== true) continue;
    add(r.month, 'reached');
    if (r.post_program_status !== 'Employed' && r.post_program_status !== 'Self-employed') continue;
    add(r.month, 'employed');
    if (r.hours === 'Full time') add(r.month, 'full_time');
    if (r.hours === 'Part time') add(r.month, 'part_time');
  }
  return out;
}

async function outcomesDashboard(range: { start: string; end: string }, centre = -1): Promise<DashboardData> {
  const link = await t.call('POST', '/api/reporting/dashboard-links', {
    as: 'admin',
    body: { dashboard: 'outcomes', start_date: range.start, end_date: range.end, centre_id: centre },
  });
  expect(link.status).toBe(200);
  const res = await t.call('GET', `/api${String(link.json.url)}`);
  expect(res.status).toBe(200);
  return res.json as DashboardData;
}

describe('retention on the outcomes dashboard', () => {
  it('counts, per month, the follow-ups due, reached, employed, full and part time, exactly', async () => {
    const rows = await stored();
    const centreA = t.demo.coordinator.centreId!;
    const centreB = t.demo.coordinator2.centreId!;
    for (const range of [FY, RECENT, { start: '2024-01-01', end: todayIso() }]) {
      for (const centre of [undefined, centreA, centreB]) {
        const d = await outcomesDashboard(range, centre ?? -1);
        const got = Object.fromEntries(d.series.retention!.map((p) => [`${p.key}|${p.group}`, p.value]));
        const expected = expectedRetention(rows, range, centre);
        // Points of 0 are answered for a month with follow-ups due; the others are absent.
        expect(
          Object.fromEntries(Object.entries(got).filter(([, v]) => v !== 0)),
          `${range.start} ${centre}`,
        ).toEqual(expected);
      }
    }
  });

  it('has the fiscal year figures the fixture was built for', async () => {
    const d = await outcomesDashboard(FY);
    const got = Object.fromEntries(d.series.retention!.map((p) => [`${p.key}|${p.group}`, p.value]));
    expect(Object.values(got).length).toBe(15);
    // Four plans closed in the year, each with its three follow-ups due.
    expect([got['3|due'], got['6|due'], got['12|due']]).toEqual([4, 4, 4]);
    // The points come by month, then due, reached, employed, full time, part time.
    expect(d.series.retention!.slice(0, 5).map((p) => [p.key, p.group])).toEqual([
      ['3', 'due'],
      ['3', 'reached'],
      ['3', 'employed'],
      ['3', 'full_time'],
      ['3', 'part_time'],
    ]);
  });

  it('answers no retention for a range without closed plans', async () => {
    const d = await outcomesDashboard({ start: '2010-01-01', end: '2010-12-31' });
    expect(d.series.retention).toEqual([]);
  });
});

/** A follow-up's status on `today`, worked out by hand. */
function statusWord(r: Stored, today: string): string {
  if (r.contact_date !== null) return r.reached ? 'Done' : 'Not reached';
  const overdue = new Date(`${r.due_date}T00:00:00Z`);
  overdue.setUTCDate(overdue.getUTCDate() + 14);
  return today >= overdue.toISOString().slice(0, 10) ? 'Overdue' : 'Due';
}

describe('the ministry spreadsheet', () => {
  let sheets: Record<string, unknown[][]>;
  let rows: Stored[];
  beforeAll(async () => {
    const res = await t.call('GET', `/api/reporting/ministry-report?start=${FY.start}&end=${FY.end}`, {
      as: 'admin',
    });
    expect(res.status).toBe(200);
    sheets = (await readBack(res.bytes)).sheets;
    rows = await stored();
  });

  it('has a Follow-ups sheet: one row per follow-up of the plans closed in the range', () => {
    expect(Object.keys(sheets)).toEqual(MINISTRY_SHEET_NAMES);
    const [head, ...body] = sheets['Follow-ups']!;
    expect(head).toEqual([
      'Client ID',
      'Plan ID',
      'Months after outcome',
      'Due date',
      'Contact date',
      'Reached',
      'Status',
      'Hours',
      'NOC',
    ]);
    const today = todayIso();
    const expected = rows
      .filter((r) => r.outcome_date >= FY.start && r.outcome_date <= FY.end)
      .sort((a, b) =>
        a.outcome_date !== b.outcome_date
          ? a.outcome_date < b.outcome_date
            ? -1
            : 1
          : a.outcome_id - b.outcome_id || a.month - b.month,
      )
      .map((r) => [
        r.client_id,
        r.plan_id,
        r.month,
        r.due_date,
        r.contact_date,
        r.reached === null ? null : r.reached ? 'Yes' : 'No',
        statusWord(r, today),
        r.hours,
        r.noc,
      ])
      // A row read back ends at its last cell that holds something.
      .map((row) => {
        while (row.length > 0 && row.at(-1) === null) row.pop();
        return row;
      });
    expect(expected).toHaveLength(12);
    expect(body).toEqual(expected);
  });

  it('gives the Summary the retention figures, a row per month', () => {
    const summary = sheets.Summary!;
    const at = summary.findIndex((r) => String(r[0]).startsWith('Retention'));
    expect(summary[at]).toEqual([
      'Retention (plans closed in the range, follow-ups due)',
      'Follow-ups due',
      'Reached',
      'Employed or self-employed',
      'Full time',
      'Part time',
    ]);
    const counts = expectedRetention(rows, FY);
    const measures = ['due', 'reached', 'employed', 'full_time', 'part_time'];
    expect(summary.slice(at + 1)).toEqual(
      [3, 6, 12].map((m) => [
        `${m} months after the outcome`,
        ...measures.map((x) => counts[`${m}|${x}`] ?? 0),
      ]),
    );
  });
});
