import { ROLE } from '@cairn/shared/roles';
import type { MinistryFile } from '@cairn/shared/reporting.schemas';
import { wordsIn } from '@cairn/shared/wording';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { entriesOf } from '../helpers/audit.ts';
import { waitForBlockedWriter } from '../helpers/pg-locks.ts';
import { useReportFixture, RANGE } from '../helpers/report-fixture.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';
import { userCalls } from '../helpers/users.ts';
import { readBack } from '../helpers/xlsx.ts';

/**
 * The ministry spreadsheet built in the background (issue 33): asked for, followed to `ready`,
 * downloaded (the same sheets and rows as the streamed file of the same range), each file its
 * requester's alone; one under way per user; a file whose process stopped reads as failed; removed
 * on request and once expired.
 */

let t: TestApp;
useReportFixture((app) => {
  t = app;
});
const users = userCalls(() => t);

const FILES = '/api/reporting/ministry-files';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file's state until it is no longer running (the build runs in the background of this app). */
async function settled(id: number, as: DemoUserKey | { token: string } = 'admin'): Promise<MinistryFile> {
  const who = typeof as === 'string' ? { as } : as;
  for (let i = 0; i < 400; i++) {
    const res = await t.call('GET', `${FILES}/${id}`, who);
    expect(res.status).toBe(200);
    if ((res.json as MinistryFile).status !== 'running') return res.json as MinistryFile;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`file ${id} still running`);
}

async function download(url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token ?? (await t.tokenForId(t.demo.admin.userId))}` },
  });
}

describe('ministry files: who may ask', () => {
  it('answers 401 without a sign-in and 403 to Coordinators and Reporters, on every route', async () => {
    const calls = [
      ['POST', FILES],
      ['GET', FILES],
      ['GET', `${FILES}/1`],
      ['GET', `${FILES}/1/file`],
      ['DELETE', `${FILES}/1`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await t.call(method, url, { body: method === 'POST' ? RANGE : undefined })).status).toBe(401);
      for (const as of ['coordinator', 'reporter'] as const) {
        const res = await t.call(method, url, { as, body: method === 'POST' ? RANGE : undefined });
        expect(res.status, `${method} ${url} as ${as}`).toBe(403);
      }
    }
  });

  it('answers 400 for a missing, bad or reversed range or language', async () => {
    for (const body of [
      {},
      { start: RANGE.start },
      { start: '2024-13-01', end: '2025-03-31' },
      { start: '2025-04-01', end: '2025-03-31' },
      { start: RANGE.start, end: RANGE.end, lang: 'de' },
    ]) {
      const res = await t.call('POST', FILES, { as: 'admin', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    }
  });
});

describe('ministry files: prepared, followed and downloaded', () => {
  it('answers 202 at once, then is ready with every row written, and downloads the streamed file', async () => {
    const res = await t.call('POST', FILES, { as: 'admin', body: RANGE });
    expect(res.status).toBe(202);
    const started = res.json as MinistryFile;
    expect(started).toMatchObject({
      start: RANGE.start,
      end: RANGE.end,
      lang: 'en',
      failure: null,
      size: null,
    });
    expect(started.file_name).toBe('ministry-report_2024-04-01_2025-03-31.xlsx');
    expect(Date.parse(started.expires_at) - Date.parse(started.created_at)).toBe(24 * 3_600_000);

    const file = await settled(started.id);
    expect(file.status).toBe('ready');
    expect(file.rows_total).toBeGreaterThan(0);
    expect(file.rows_written).toBe(file.rows_total);
    expect(file.size).toBeGreaterThan(0);
    expect(file.finished_at).not.toBeNull();

    const { result: got, entries } = await entriesOf(t, () => download(`${FILES}/${file.id}/file`));
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(XLSX);
    expect(Number(got.headers['content-length'])).toBe(file.size);
    expect(got.rawPayload.length).toBe(file.size);
    expect(String(got.headers['content-disposition'])).toMatch(
      /^attachment; filename="ministry-report_2024-04-01_2025-03-31\.xlsx"/,
    );
    // One audit entry, naming the file, its range and each sheet's rows.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'export', record_kind: 'report', outcome: 'allowed' });
    const rows = entries[0]!.details.rows as Record<string, number>;
    expect(entries[0]!.details).toMatchObject({ report: 'ministry', file: file.id, start: RANGE.start });
    expect(Object.values(rows).reduce((a, b) => a + b, 0)).toBe(file.rows_total);

    // The same sheets, rows and cells as the file streamed for the same range.
    const streamed = await download(`/api/reporting/ministry-report?start=${RANGE.start}&end=${RANGE.end}`);
    expect(streamed.statusCode).toBe(200);
    const [background, direct] = await Promise.all([readBack(got.rawPayload), readBack(streamed.rawPayload)]);
    expect(background.sheets).toEqual(direct.sheets);
    expect(rows.participants).toBe(direct.sheets.Participants!.length - 1);

    // Listed, newest first; stored encrypted (no sheet's name in the stored bytes).
    const list = await t.call('GET', FILES, { as: 'admin' });
    expect(list.status).toBe(200);
    expect((list.json.items as MinistryFile[])[0]).toMatchObject({ id: file.id, status: 'ready' });
    const stored = await t.db.execute(
      sql`SELECT count(*)::int AS n, bool_or(position('Participants'::bytea in data) > 0) AS plain
            FROM ministry_file_chunks WHERE file_id = ${file.id}`,
    );
    expect((stored as unknown as { rows: Array<{ n: number; plain: boolean }> }).rows[0]).toEqual({
      n: 1,
      plain: false,
    });
  });

  it("writes the file in the language asked for, or the requester's", async () => {
    const fr = wordsIn('fr').spreadsheet;
    const res = await t.call('POST', FILES, { as: 'admin', body: { ...RANGE, lang: 'fr' } });
    expect(res.status).toBe(202);
    const file = await settled(res.json.id);
    expect(file).toMatchObject({ status: 'ready', lang: 'fr' });
    expect(file.file_name).toBe(`${fr('ministry.fileName', RANGE)}.xlsx`);
    const got = await download(`${FILES}/${file.id}/file`);
    const { sheets } = await readBack(got.rawPayload);
    expect(Object.keys(sheets)[1]).toBe(fr('ministry.sheets.participants'));
  });

  it("is its requester's alone: another Admin gets 404 for it and does not list it", async () => {
    const res = await t.call('POST', FILES, { as: 'admin', body: RANGE });
    const file = await settled(res.json.id);
    const other = await users.createUser({ roles: [{ role_id: ROLE.admin }], centre: { centre_id: -1 } });
    const token = await t.tokenForId(other.id);
    for (const [method, url] of [
      ['GET', `${FILES}/${file.id}`],
      ['GET', `${FILES}/${file.id}/file`],
      ['DELETE', `${FILES}/${file.id}`],
    ] as const) {
      const answer = await t.call(method, url, { token });
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.json.error.code).toBe('not_found');
    }
    expect((await t.call('GET', FILES, { token })).json.items).toEqual([]);
    expect((await t.call('GET', `${FILES}/${file.id}`, { as: 'admin' })).status).toBe(200);
  });

  it('answers 404 for a file that does not exist, and 400 for a bad id', async () => {
    expect((await t.call('GET', `${FILES}/999999`, { as: 'admin' })).status).toBe(404);
    expect((await t.call('GET', `${FILES}/abc`, { as: 'admin' })).status).toBe(400);
    expect((await t.call('DELETE', `${FILES}/0`, { as: 'admin' })).status).toBe(400);
  });
});

/** A file of the demo Admin's, as if under way in another process whose heartbeat was `ago` seconds ago. */
async function runningElsewhere(ago: number): Promise<number> {
  const result = await t.db.execute(
    sql`INSERT INTO ministry_files (requested_by, range_start, range_end, lang, file_name, heartbeat_at, expires_at)
        VALUES (${t.demo.admin.userId}, ${RANGE.start}, ${RANGE.end}, 'en', 'f.xlsx',
                now() - make_interval(secs => ${ago}), now() + interval '1 day')
        RETURNING file_id`,
  );
  return (result as unknown as { rows: Array<{ file_id: number }> }).rows[0]!.file_id;
}

describe('ministry files: one under way, a stopped process, removal and expiry', () => {
  it('refuses a second file while one runs (409), and will not hand over one not ready', async () => {
    const id = await runningElsewhere(1);
    const again = await t.call('POST', FILES, { as: 'admin', body: RANGE });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('ministry_file_running');
    const early = await download(`${FILES}/${id}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('ministry_file_not_ready');
    // Removed while running: gone, and another may be asked for.
    expect((await t.call('DELETE', `${FILES}/${id}`, { as: 'admin' })).status).toBe(204);
    expect((await t.call('GET', `${FILES}/${id}`, { as: 'admin' })).status).toBe(404);
    const next = await t.call('POST', FILES, { as: 'admin', body: RANGE });
    expect(next.status).toBe(202);
    expect((await settled(next.json.id)).status).toBe('ready');
  });

  it('reads a file whose heartbeat stopped as failed (its process stopped), and lets another start', async () => {
    const id = await runningElsewhere(31);
    const file = (await t.call('GET', `${FILES}/${id}`, { as: 'admin' })).json as MinistryFile;
    expect(file).toMatchObject({ status: 'failed', failure: 'ministry_file_interrupted' });
    const early = await download(`${FILES}/${id}/file`);
    expect(early.json().error.code).toBe('ministry_file_not_ready');
    const next = await t.call('POST', FILES, { as: 'admin', body: RANGE });
    expect(next.status).toBe(202);
    await settled(next.json.id);
  });

  it('answers a damaged stored file 409, never a wrong file', async () => {
    const res = await t.call('POST', FILES, { as: 'admin', body: RANGE });
    const file = await settled(res.json.id);
    await t.db.execute(
      sql`UPDATE ministry_file_chunks SET data = set_byte(data, 40, (get_byte(data, 40) + 1) % 256)
           WHERE file_id = ${file.id}`,
    );
    const got = await download(`${FILES}/${file.id}/file`);
    expect(got.statusCode).toBe(409);
    expect(got.json().error.code).toBe('ministry_file_failed');
  });

  it('forgets an expired file: 404, unlisted, and removed with its chunks by the clean-up', async () => {
    const res = await t.call('POST', FILES, { as: 'admin', body: RANGE });
    const file = await settled(res.json.id);
    await t.db.execute(
      sql`UPDATE ministry_files SET expires_at = now() - interval '1 second' WHERE file_id = ${file.id}`,
    );
    expect((await t.call('GET', `${FILES}/${file.id}`, { as: 'admin' })).status).toBe(404);
    expect((await download(`${FILES}/${file.id}/file`)).statusCode).toBe(404);
    const listed = (await t.call('GET', FILES, { as: 'admin' })).json.items as MinistryFile[];
    expect(listed.map((f) => f.id)).not.toContain(file.id);
    const { deleteExpired } = await import('../../src/modules/reporting/ministry-files.repository.ts');
    await deleteExpired(t.db);
    const left = await t.db.execute(
      sql`SELECT (SELECT count(*) FROM ministry_files WHERE file_id = ${file.id})::int
               + (SELECT count(*) FROM ministry_file_chunks WHERE file_id = ${file.id})::int AS n`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});

describe.skipIf(!inject('pgTemplate'))('ministry files: the process stopping (PostgreSQL)', () => {
  it('fails a file under way as interrupted when its process stops, and closes once it is', async () => {
    const u = await createTestApp();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another session holds the clients table, so the file's first count waits: under way for
    // as long as the test needs, without a hook in the product.
    const holding = u.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE clients IN ACCESS EXCLUSIVE MODE`);
      locked();
      await released;
    });
    try {
      await isLocked;
      const res = await u.call('POST', FILES, { as: 'admin', body: RANGE });
      expect(res.status).toBe(202);
      await waitForBlockedWriter(u.db);
      let closed = false;
      const closing = u.app.close().then(() => (closed = true));
      // The stop waits for the file (its preClose hook) while it cannot move.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(closed).toBe(false);
      release();
      await holding;
      await closing;
      const [row] = await selectRows<{ status: string; failure: string | null; chunks: number }>(
        u.db,
        sql`SELECT status, failure, (SELECT count(*)::int FROM ministry_file_chunks c WHERE c.file_id = f.file_id) AS chunks
              FROM ministry_files f WHERE file_id = ${res.json.id}`,
      );
      expect(row).toEqual({ status: 'failed', failure: 'ministry_file_interrupted', chunks: 0 });
    } finally {
      release();
      await holding.catch(() => {});
      await u.close();
    }
  }, 60_000);
});
