import { todayIso } from '@cairn/shared/dates';
import type { Note } from '@cairn/shared/notes.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../../src/db/schema/plan-records.ts';
import { expectForbidden, expectNotFound, expectSignInRequired } from '../helpers/access.ts';
import { daysFromToday } from '../helpers/clients.ts';
import { freshPlan, plansInTwoCentres } from '../helpers/plans.ts';
import { postCreated } from '../helpers/requests.ts';
import { countRows } from '../helpers/rows.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let ownPlan: number;
let otherPlan: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ ownPlan, otherPlan } = await plansInTwoCentres(t, {
    own: { first_name: 'Fatima', last_name: 'Haddad' },
    other: { first_name: 'Skye', last_name: 'Bighetty' },
  }));
});
afterAll(() => t.close());

const BODY = 'Called to check in. Applications sent to three employers this week.';

function note(planId: number, patch: Record<string, unknown> = {}) {
  return {
    note_id: -1,
    plan_id: planId,
    topic: 'Follow-up call',
    date: daysFromToday(-1),
    notes: BODY,
    ...patch,
  };
}

function createNote(as: DemoUserKey, planId: number, patch: Record<string, unknown> = {}) {
  return postCreated<Note>(t, as, '/api/notes', note(planId, patch));
}

const storedCount = (planId: number) => countRows(t, notes, eq(notes.planId, planId));

async function newPlan(): Promise<number> {
  return (await freshPlan(t, { first_name: 'Olivia', last_name: 'MacDonald' })).plan_id;
}

describe('notes: who may call what', () => {
  let mine: Note;
  let theirs: Note;
  beforeAll(async () => {
    mine = await createNote('coordinator', ownPlan);
    theirs = await createNote('coordinator2', otherPlan, { topic: 'Their note' });
  });

  it('answers 401 without a token', async () => {
    await expectSignInRequired(t, [
      { method: 'GET', url: `/api/plans/${ownPlan}/notes` },
      { method: 'POST', url: '/api/notes', body: note(ownPlan) },
      { method: 'PUT', url: `/api/notes/${mine.note_id}`, body: note(ownPlan) },
      { method: 'DELETE', url: `/api/notes/${mine.note_id}` },
    ]);
  });

  it('answers 403 to a Reporter before looking at the input, and changes nothing', async () => {
    const before = await storedCount(ownPlan);
    const bad = { plan_id: ownPlan, topic: '', notes: '' };
    await expectForbidden(t, 'reporter', [
      { method: 'GET', url: `/api/plans/${ownPlan}/notes` },
      { method: 'POST', url: '/api/notes', body: bad },
      { method: 'PUT', url: `/api/notes/${mine.note_id}`, body: bad },
      { method: 'DELETE', url: `/api/notes/${mine.note_id}` },
    ]);
    expect(await storedCount(ownPlan)).toBe(before);
  });

  it("answers 404 for another centre's plan and notes, and changes nothing", async () => {
    await expectNotFound(t, 'coordinator', [
      { method: 'GET', url: `/api/plans/${otherPlan}/notes` },
      { method: 'POST', url: '/api/notes', body: note(otherPlan) },
      { method: 'PUT', url: `/api/notes/${theirs.note_id}`, body: note(ownPlan, { flag: true }) },
      { method: 'DELETE', url: `/api/notes/${theirs.note_id}` },
    ]);
    const list = await t.call('GET', `/api/plans/${otherPlan}/notes`, { as: 'coordinator2' });
    expect(list.json).toEqual([theirs]);
  });

  it('answers 404 for a plan or note that does not exist', async () => {
    for (const as of ['admin', 'coordinator'] as const) {
      expect((await t.call('GET', '/api/plans/999999/notes', { as })).status).toBe(404);
      expect((await t.call('POST', '/api/notes', { as, body: note(999999) })).status).toBe(404);
      expect((await t.call('PUT', '/api/notes/999999', { as, body: note(ownPlan) })).status).toBe(404);
      expect((await t.call('DELETE', '/api/notes/999999', { as })).status).toBe(404);
    }
  });

  it("lets an Admin keep any centre's notes", async () => {
    const made = await createNote('admin', otherPlan, { topic: 'Admin review' });
    const edited = await t.call('PUT', `/api/notes/${made.note_id}`, {
      as: 'admin',
      body: note(otherPlan, { topic: 'Admin review', flag: true }),
    });
    expect(edited.status).toBe(200);
    expect(edited.json.flag).toBe(true);
    expect((await t.call('DELETE', `/api/notes/${made.note_id}`, { as: 'admin' })).status).toBe(204);
  });
});

describe('notes: bad input', () => {
  const post = (patch: Record<string, unknown>) =>
    t.call('POST', '/api/notes', { as: 'coordinator', body: note(ownPlan, patch) });

  it.each([
    ['topic', '', 'This field is required'],
    ['topic', '   ', 'This field is required'],
    ['topic', undefined, 'This field is required'],
    ['topic', 't'.repeat(65), 'must be less than 64 characters'],
    ['notes', '', 'This field is required'],
    ['notes', undefined, 'This field is required'],
    ['notes', 'n'.repeat(2049), 'must be less than 2048 characters'],
    ['date', '', 'This field is required'],
    ['date', undefined, 'This field is required'],
    ['date', '2024-02-30', 'must be a valid date'],
    ['plan_id', undefined, 'This field is required'],
  ])('refuses %s %j with %j', async (field, value, message) => {
    const before = await storedCount(ownPlan);
    const res = await post({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields[field]).toBe(message);
    expect(await storedCount(ownPlan)).toBe(before);
  });

  it('refuses the same on an edit and keeps the note as it was', async () => {
    const made = await createNote('coordinator', ownPlan, { topic: 'Resume review' });
    const res = await t.call('PUT', `/api/notes/${made.note_id}`, {
      as: 'coordinator',
      body: note(ownPlan, { topic: '', notes: 'n'.repeat(2049), date: '' }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      topic: 'This field is required',
      notes: 'must be less than 2048 characters',
      date: 'This field is required',
    });
    const list = await t.call('GET', `/api/plans/${ownPlan}/notes`, { as: 'coordinator' });
    expect(list.json).toContainEqual(made);
  });

  it('accepts the limits: a 64-character topic and a 2048-character note', async () => {
    const made = await createNote('coordinator', ownPlan, { topic: 't'.repeat(64), notes: 'n'.repeat(2048) });
    expect(made.topic).toHaveLength(64);
    expect(made.notes).toHaveLength(2048);
  });
});

describe('notes: writing, flagging and reading', () => {
  it('creates a note sent with id -1, unflagged unless asked, and answers it whole', async () => {
    const plan = await newPlan();
    const res = await t.call('POST', '/api/notes', {
      as: 'coordinator',
      body: { note_id: -1, plan_id: plan, topic: ' Intake meeting ', date: todayIso(), notes: BODY },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      note_id: expect.any(Number),
      plan_id: plan,
      topic: 'Intake meeting',
      date: todayIso(),
      notes: BODY,
      flag: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: res.json.created_at,
    });
    const [row] = await t.db.select().from(notes).where(eq(notes.noteId, res.json.note_id));
    expect(row!.createdBy).toBe(t.demo.coordinator.userId);
    expect((await createNote('coordinator', plan, { flag: true })).flag).toBe(true);
  });

  it('lists newest first, then flagged first, then the later-written first', async () => {
    const plan = await newPlan();
    const old = await createNote('coordinator', plan, { date: daysFromToday(-20), flag: true });
    const plainA = await createNote('coordinator', plan, { date: daysFromToday(-2) });
    const flagged = await createNote('coordinator', plan, { date: daysFromToday(-2), flag: true });
    const plainB = await createNote('admin', plan, { date: daysFromToday(-2) });
    const newest = await createNote('coordinator', plan, { date: todayIso() });
    const list = await t.call('GET', `/api/plans/${plan}/notes`, { as: 'coordinator' });
    expect(list.status).toBe(200);
    expect(list.json.map((n: Note) => n.note_id)).toEqual([
      newest.note_id,
      flagged.note_id,
      plainB.note_id,
      plainA.note_id,
      old.note_id,
    ]);
  });

  it('accepts a note dated in the future (a note may plan ahead)', async () => {
    const plan = await newPlan();
    const made = await createNote('coordinator', plan, { topic: 'Interview booked', date: daysFromToday(7) });
    expect(made.date).toBe(daysFromToday(7));
  });

  it('flags and unflags a note through an edit', async () => {
    const plan = await newPlan();
    const made = await createNote('coordinator', plan, { topic: 'Missed appointment' });
    const on = await t.call('PUT', `/api/notes/${made.note_id}`, {
      as: 'coordinator',
      body: { ...made, flag: true },
    });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ note_id: made.note_id, topic: 'Missed appointment', flag: true });
    const off = await t.call('PUT', `/api/notes/${made.note_id}`, {
      as: 'coordinator',
      body: { ...made, flag: false },
    });
    expect(off.json.flag).toBe(false);
    const [row] = await t.db.select().from(notes).where(eq(notes.noteId, made.note_id));
    expect(row!.flag).toBe(false);
  });

  it('edits the note the path names, ignoring any id in the body, and never moves it', async () => {
    const plan = await newPlan();
    const elsewhere = await newPlan();
    const made = await createNote('coordinator', plan, { topic: 'Draft' });
    const bystander = await createNote('coordinator', elsewhere, { topic: 'Leave me alone' });
    for (const movedTo of [elsewhere, otherPlan, 999999]) {
      const res = await t.call('PUT', `/api/notes/${made.note_id}`, {
        as: 'coordinator',
        body: note(movedTo, { note_id: bystander.note_id, topic: 'Job lead', notes: 'Posting passed on.' }),
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        note_id: made.note_id,
        plan_id: plan,
        topic: 'Job lead',
        notes: 'Posting passed on.',
        created_at: made.created_at,
      });
      expect(res.json.updated_at >= made.updated_at).toBe(true);
    }
    expect(await storedCount(elsewhere)).toBe(1);
    const list = await t.call('GET', `/api/plans/${elsewhere}/notes`, { as: 'coordinator' });
    expect(list.json).toEqual([bystander]);
  });

  it('deletes a note (204), after which it is gone', async () => {
    const plan = await newPlan();
    const made = await createNote('coordinator', plan);
    const keep = await createNote('coordinator', plan, { topic: 'Keep me' });
    const res = await t.call('DELETE', `/api/notes/${made.note_id}`, { as: 'coordinator' });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await t.call('DELETE', `/api/notes/${made.note_id}`, { as: 'coordinator' })).status).toBe(404);
    const put = await t.call('PUT', `/api/notes/${made.note_id}`, { as: 'coordinator', body: note(plan) });
    expect(put.status).toBe(404);
    const list = await t.call('GET', `/api/plans/${plan}/notes`, { as: 'coordinator' });
    expect(list.json).toEqual([keep]);
  });

  it('goes with its plan when the plan is deleted', async () => {
    const plan = await newPlan();
    await createNote('coordinator', plan);
    expect((await t.call('DELETE', `/api/plans/${plan}`, { as: 'coordinator' })).status).toBe(204);
    expect(await storedCount(plan)).toBe(0);
    expect((await t.call('GET', `/api/plans/${plan}/notes`, { as: 'coordinator' })).status).toBe(404);
  });
});
