import type { Story } from '@cairn/shared/stories.schemas';
import { todayIso } from '@cairn/shared/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../../src/db/schema/stories.ts';
import { expectForbidden, expectNotFound, expectSignInRequired } from '../helpers/access.ts';
import { createClient, daysFromToday } from '../helpers/clients.ts';
import { postCreated } from '../helpers/requests.ts';
import { countRows } from '../helpers/rows.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let ownClient: number;
let otherClient: number;
beforeAll(async () => {
  t = await createTestApp();
  ownClient = (await createClient(t, 'coordinator', { first_name: 'Tanis', last_name: 'Redsky' })).client_id;
  otherClient = (await createClient(t, 'coordinator2', { first_name: 'Wade', last_name: 'Okemaw' }))
    .client_id;
});
afterAll(() => t.close());

const WRITEUP = 'Finished her forklift ticket and started full-time at the distribution centre.';

function createStory(as: DemoUserKey, clientId: number, patch: Record<string, unknown> = {}) {
  return postCreated<Story>(t, as, '/api/stories', {
    story_id: -1,
    client_id: clientId,
    date: daysFromToday(-10),
    writeup: WRITEUP,
    ...patch,
  });
}

const storedCount = (clientId: number) => countRows(t, stories, eq(stories.clientId, clientId));

describe('stories: who may call what', () => {
  let story: Story;
  beforeAll(async () => {
    story = await createStory('coordinator', ownClient);
  });
  /** The four routes, each with a valid body, or with `invalid` as the body where there is one. */
  const calls = (invalid?: unknown) =>
    [
      { method: 'GET', url: `/api/clients/${ownClient}/stories` },
      {
        method: 'POST',
        url: '/api/stories',
        body: invalid ?? { client_id: ownClient, date: todayIso(), writeup: WRITEUP },
      },
      {
        method: 'PUT',
        url: `/api/stories/${story.story_id}`,
        body: invalid ?? { client_id: ownClient, date: todayIso(), writeup: 'x' },
      },
      { method: 'DELETE', url: `/api/stories/${story.story_id}` },
    ] as const;

  it('answers 401 without a token', async () => {
    await expectSignInRequired(t, calls());
  });

  it('answers 403 to a Reporter before looking at the input, and changes nothing', async () => {
    const before = await storedCount(ownClient);
    // An invalid body: a refused caller must not learn what the validation says.
    await expectForbidden(t, 'reporter', calls({ writeup: '' }));
    expect(await storedCount(ownClient)).toBe(before);
    const [row] = await t.db.select().from(stories).where(eq(stories.storyId, story.story_id));
    expect(row!.writeup).toBe(WRITEUP);
  });

  it("answers 404 for another centre's client and its stories, and changes nothing", async () => {
    const theirs = await createStory('coordinator2', otherClient, { writeup: 'Theirs.' });
    await expectNotFound(t, 'coordinator', [
      { method: 'GET', url: `/api/clients/${otherClient}/stories` },
      {
        method: 'POST',
        url: '/api/stories',
        body: { client_id: otherClient, date: todayIso(), writeup: 'Mine now.' },
      },
      {
        method: 'PUT',
        url: `/api/stories/${theirs.story_id}`,
        body: { client_id: ownClient, date: todayIso(), writeup: 'Mine.' },
      },
      { method: 'DELETE', url: `/api/stories/${theirs.story_id}` },
    ]);
    const list = await t.call('GET', `/api/clients/${otherClient}/stories`, { as: 'coordinator2' });
    expect(list.json).toEqual([theirs]);
  });

  it('answers 404 for a client or story that does not exist', async () => {
    for (const as of ['admin', 'coordinator'] as const) {
      expect((await t.call('GET', '/api/clients/999999/stories', { as })).status).toBe(404);
      const body = { client_id: 999999, date: todayIso(), writeup: WRITEUP };
      expect((await t.call('POST', '/api/stories', { as, body })).status).toBe(404);
      const put = { client_id: ownClient, date: todayIso(), writeup: WRITEUP };
      expect((await t.call('PUT', '/api/stories/999999', { as, body: put })).status).toBe(404);
      expect((await t.call('DELETE', '/api/stories/999999', { as })).status).toBe(404);
    }
  });

  it("lets an Admin keep any centre's stories", async () => {
    const made = await createStory('admin', otherClient, { writeup: 'Written by the Admin.' });
    expect(made.client_id).toBe(otherClient);
    const edited = await t.call('PUT', `/api/stories/${made.story_id}`, {
      as: 'admin',
      body: { client_id: otherClient, date: made.date, writeup: 'Edited by the Admin.' },
    });
    expect(edited.status).toBe(200);
    expect((await t.call('DELETE', `/api/stories/${made.story_id}`, { as: 'admin' })).status).toBe(204);
  });
});

describe('stories: bad input', () => {
  const post = (patch: Record<string, unknown>) =>
    t.call('POST', '/api/stories', {
      as: 'coordinator',
      body: { client_id: ownClient, date: todayIso(), writeup: WRITEUP, ...patch },
    });

  it.each([
    ['date', daysFromToday(1), "Date can't be in the future"],
    ['date', '', 'This field is required'],
    ['date', undefined, 'This field is required'],
    ['date', '2024-02-30', 'must be a valid date'],
    ['writeup', '', 'This field is required'],
    ['writeup', '   ', 'This field is required'],
    ['writeup', undefined, 'This field is required'],
    ['writeup', 'x'.repeat(2049), 'must be less than 2048 characters'],
    ['client_id', undefined, 'This field is required'],
  ])('refuses %s %j with %j', async (field, value, message) => {
    const before = await storedCount(ownClient);
    const res = await post({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields[field]).toBe(message);
    expect(await storedCount(ownClient)).toBe(before);
  });

  it('refuses the same on an edit and keeps the story', async () => {
    const story = await createStory('coordinator', ownClient);
    const res = await t.call('PUT', `/api/stories/${story.story_id}`, {
      as: 'coordinator',
      body: { client_id: ownClient, date: daysFromToday(2), writeup: '' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual({
      date: "Date can't be in the future",
      writeup: 'This field is required',
    });
    const list = await t.call('GET', `/api/clients/${ownClient}/stories`, { as: 'coordinator' });
    expect(list.json).toContainEqual(story);
  });

  it('accepts a write-up of exactly 2048 characters and today as the date', async () => {
    const res = await post({ writeup: 'é'.repeat(2048) });
    expect(res.status).toBe(201);
    expect(res.json.writeup).toHaveLength(2048);
    expect(res.json.date).toBe(todayIso());
  });
});

describe('stories: writing, reading and counting', () => {
  let client: number;
  beforeAll(async () => {
    client = (await createClient(t, 'coordinator', { first_name: 'Cody', last_name: 'Morningstar' }))
      .client_id;
  });

  it('starts with no stories and a count of 0', async () => {
    const list = await t.call('GET', `/api/clients/${client}/stories`, { as: 'coordinator' });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([]);
    const profile = await t.call('GET', `/api/clients/${client}`, { as: 'coordinator' });
    expect(profile.json.stories_count).toBe(0);
  });

  it('creates a story sent with id -1, trimmed, and answers it whole', async () => {
    const res = await t.call('POST', '/api/stories', {
      as: 'coordinator',
      body: { story_id: -1, client_id: String(client), date: daysFromToday(-3), writeup: `  ${WRITEUP}  ` },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      story_id: expect.any(Number),
      client_id: client,
      date: daysFromToday(-3),
      writeup: WRITEUP,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: res.json.created_at,
    });
    const [row] = await t.db.select().from(stories).where(eq(stories.storyId, res.json.story_id));
    expect(row!.createdBy).toBe(t.demo.coordinator.userId);
  });

  it('lists newest first, the later-written first on the same day, and counts them on the profile', async () => {
    const older = await createStory('coordinator', client, { date: daysFromToday(-40), writeup: 'Older.' });
    const sameDayA = await createStory('coordinator', client, { date: daysFromToday(-1), writeup: 'A.' });
    const sameDayB = await createStory('admin', client, { date: daysFromToday(-1), writeup: 'B.' });
    const list = await t.call('GET', `/api/clients/${client}/stories`, { as: 'coordinator' });
    expect(list.status).toBe(200);
    const ids = list.json.map((s: Story) => s.story_id);
    expect(ids).toHaveLength(4);
    expect(ids.slice(0, 2)).toEqual([sameDayB.story_id, sameDayA.story_id]);
    expect(ids[3]).toBe(older.story_id);
    const profile = await t.call('GET', `/api/clients/${client}`, { as: 'coordinator' });
    expect(profile.json.stories_count).toBe(4);
  });

  it('edits the story the path names, ignoring any id in the body, and never moves it', async () => {
    const story = await createStory('coordinator', client, { date: daysFromToday(-5), writeup: 'Draft.' });
    const other = await createStory('coordinator', ownClient, { writeup: 'Leave me alone.' });
    for (const movedTo of [ownClient, otherClient]) {
      const res = await t.call('PUT', `/api/stories/${story.story_id}`, {
        as: 'coordinator',
        body: { story_id: other.story_id, client_id: movedTo, date: daysFromToday(-4), writeup: 'Final.' },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        story_id: story.story_id,
        client_id: client,
        date: daysFromToday(-4),
        writeup: 'Final.',
        created_at: story.created_at,
      });
      expect(res.json.updated_at >= story.updated_at).toBe(true);
    }
    const [untouched] = await t.db.select().from(stories).where(eq(stories.storyId, other.story_id));
    expect(untouched!.writeup).toBe('Leave me alone.');
    const theirs = await t.call('GET', `/api/clients/${otherClient}/stories`, { as: 'coordinator2' });
    expect(theirs.json.map((s: Story) => s.writeup)).not.toContain('Final.');
  });

  it('deletes a story (204), after which it is gone and no longer counted', async () => {
    const before = await t.call('GET', `/api/clients/${client}`, { as: 'coordinator' });
    const story = await createStory('coordinator', client);
    const res = await t.call('DELETE', `/api/stories/${story.story_id}`, { as: 'coordinator' });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await t.call('DELETE', `/api/stories/${story.story_id}`, { as: 'coordinator' })).status).toBe(
      404,
    );
    const put = await t.call('PUT', `/api/stories/${story.story_id}`, {
      as: 'coordinator',
      body: { client_id: client, date: todayIso(), writeup: WRITEUP },
    });
    expect(put.status).toBe(404);
    const list = await t.call('GET', `/api/clients/${client}/stories`, { as: 'coordinator' });
    expect(list.json.map((s: Story) => s.story_id)).not.toContain(story.story_id);
    const after = await t.call('GET', `/api/clients/${client}`, { as: 'coordinator' });
    expect(after.json.stories_count).toBe(before.json.stories_count);
  });

  it('goes with its client when the client is deleted', async () => {
    const gone = (await createClient(t, 'coordinator', { first_name: 'Jesse', last_name: 'Keeshig' }))
      .client_id;
    await createStory('coordinator', gone);
    expect((await t.call('DELETE', `/api/clients/${gone}`, { as: 'coordinator' })).status).toBe(200);
    expect(await storedCount(gone)).toBe(0);
    expect((await t.call('GET', `/api/clients/${gone}/stories`, { as: 'coordinator' })).status).toBe(404);
  });
});
