import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, entriesOf } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { createGroup } from '../helpers/groups.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('audit trail: one entry per call', () => {
  it('records a profile read with who, what, the client and where from', async () => {
    const c = await createClient(t, 'coordinator');
    const { result, entries } = await entriesOf(t, () =>
      t.call('GET', `/api/clients/${c.client_id}`, {
        as: 'coordinator',
        headers: { 'user-agent': 'probe/1.0' },
      }),
    );
    expect(result.status).toBe(200);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user_id: t.demo.coordinator.userId,
      role_id: 2,
      action: 'read',
      record_kind: 'client',
      record_id: c.client_id,
      client_id: c.client_id,
      user_agent: 'probe/1.0',
      outcome: 'allowed',
    });
    expect(entries[0]!.address).toBeTruthy();
  });
});

describe('audit trail: what it records', () => {
  it('never holds a SIN: a reveal is an entry, the number is in none', async () => {
    const c = await createClient(t, 'coordinator', { sin: '193-456-787' });
    const { result, entries } = await entriesOf(t, () =>
      t.call('POST', `/api/clients/${c.client_id}/sin/reveal`, { as: 'coordinator' }),
    );
    expect(result.json).toEqual({ sin: '193456787' });
    expect(entries).toMatchObject([{ action: 'reveal', record_kind: 'client', client_id: c.client_id }]);
    await t.call('POST', '/api/clients/duplicates', { as: 'coordinator', body: { sin: '193456787' } });
    await t.call('GET', '/api/clients?s=193456787', { as: 'coordinator' });
    await auditRows(t);
    for (const text of ['193456787', '193-456-787', '193 456 787']) {
      const found = await t.db.execute(
        sql`SELECT count(*)::int AS n FROM audit_entries a WHERE a::text LIKE ${`%${text}%`}`,
      );
      expect((found as unknown as { rows: Array<{ n: number }> }).rows[0]!.n, text).toBe(0);
    }
  });

  it('records sign-ins (failed, successful), sign-outs and a lockout, never a password or a token', async () => {
    const email = t.demo.coordinator2.email;
    const wrong = 'Wrong-password-1234';
    const { entries: failed } = await entriesOf(t, () =>
      t.call('POST', '/api/auth/login', { body: { email, password: wrong } }),
    );
    expect(failed).toMatchObject([
      {
        action: 'sign_in_failed',
        outcome: 'refused',
        user_id: t.demo.coordinator2.userId,
        record_kind: 'user',
      },
    ]);
    const { result, entries: signedIn } = await entriesOf(t, () =>
      t.call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } }),
    );
    expect(signedIn).toMatchObject([
      { action: 'sign_in', outcome: 'allowed', user_id: t.demo.coordinator2.userId, role_id: 2 },
    ]);
    const { entries: out } = await entriesOf(t, () =>
      t.call('POST', '/api/auth/logout', { body: { refreshToken: result.json.refreshToken } }),
    );
    expect(out).toMatchObject([
      { action: 'sign_out', outcome: 'allowed', user_id: t.demo.coordinator2.userId },
    ]);

    for (let i = 0; i < 11; i++)
      await t.call('POST', '/api/auth/login', { body: { email, password: wrong } });
    const { result: locked, entries: lockout } = await entriesOf(t, () =>
      t.call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } }),
    );
    expect(locked.status).toBe(429);
    expect(lockout).toMatchObject([
      { action: 'lockout', outcome: 'refused', user_id: t.demo.coordinator2.userId },
    ]);

    const all = JSON.stringify(await auditRows(t));
    for (const secret of [wrong, DEMO_PASSWORD, result.json.refreshToken, result.json.accessToken]) {
      expect(all).not.toContain(secret);
    }
  });

  it('records an administrator changing a role and a centre, before and after', async () => {
    const user = t.demo.coordinator2;
    const { entries } = await entriesOf(t, () =>
      t.call('PUT', `/api/users/${user.userId}`, {
        as: 'admin',
        body: {
          first_name: 'Casey',
          last_name: 'Second',
          email: user.email,
          centre: { centre_id: t.demo.coordinator.centreId },
          roles: [{ role_id: 3 }],
        },
      }),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'update',
      record_kind: 'user',
      record_id: user.userId,
      outcome: 'allowed',
    });
    expect(entries[0]!.details).toMatchObject({
      role: { before: 2, after: 3 },
      centre: { before: user.centreId, after: t.demo.coordinator.centreId },
    });
    expect(entries[0]!.details.changes).toEqual(
      expect.arrayContaining([
        { field: 'role', before: 2, after: 3 },
        { field: 'centre', before: user.centreId, after: t.demo.coordinator.centreId },
      ]),
    );
  });

  it('records a group bulk action naming every member it reached', async () => {
    const a = await createClient(t, 'coordinator');
    const b = await createClient(t, 'coordinator');
    const group = await createGroup(t, 'coordinator', [a.client_id, b.client_id]);
    const types = (await t.call('GET', '/api/interactions', { as: 'coordinator' })).json as Array<{
      interaction_id: number;
    }>;
    const { result, entries } = await entriesOf(t, () =>
      t.call('POST', `/api/groups/${group.group_id}/bulk-create/interaction`, {
        as: 'coordinator',
        body: [{ interaction_id: types[0]!.interaction_id, date: '2025-01-10', count: 1 }],
      }),
    );
    expect(result.status).toBe(201);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'create',
      record_kind: 'interaction',
      details: { group_id: group.group_id },
    });
    expect(entries[0]!.details.client_ids).toEqual([a.client_id, b.client_id].sort((x, y) => x - y));
  });
});

describe('GET /api/audit', () => {
  it('is for Admins only; everyone else gets 403, and reading it is an entry', async () => {
    for (const who of ['coordinator', 'reporter'] as const) {
      expect((await t.call('GET', '/api/audit', { as: who })).status).toBe(403);
      expect((await t.call('GET', '/api/audit/export', { as: who })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/audit')).status).toBe(401);
    const { result, entries } = await entriesOf(t, () =>
      t.call('GET', '/api/audit?action=reveal', { as: 'admin' }),
    );
    expect(result.status).toBe(200);
    expect(entries).toMatchObject([
      {
        action: 'read',
        record_kind: 'audit',
        user_id: t.demo.admin.userId,
        details: { filters: { action: 'reveal' } },
      },
    ]);
  });

  it('filters by client, user, action, kind and days, newest first, page by page', async () => {
    const c = await createClient(t, 'coordinator');
    for (let i = 0; i < 3; i++) await t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    await t.call('GET', `/api/clients/${c.client_id}/plans`, { as: 'coordinator' });
    await auditRows(t);
    const q = (query: string) =>
      t.call('GET', `/api/audit?client_id=${c.client_id}&${query}`, { as: 'admin' });

    const all = await q('');
    expect(all.json.total).toBe(5); // the create, three reads, the plans
    const seqs = all.json.items.map((e: { seq: number }) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x: number, y: number) => y - x));
    expect(all.json.items[0]).toMatchObject({ record_kind: 'plan', user_name: expect.any(String) });

    const reads = await q('action=read&record_kind=client');
    expect(reads.json.total).toBe(3);
    const page2 = await q('action=read&record_kind=client&per_page=2&page=2');
    expect(page2.json).toMatchObject({ total: 3, items: [{ seq: reads.json.items[2].seq }] });

    expect((await q(`user_id=${t.demo.admin.userId}`)).json.total).toBe(0);
    expect((await q(`user_id=${t.demo.coordinator.userId}`)).json.total).toBe(5);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q(`from=${today}&to=${today}`)).json.total).toBe(5);
    expect((await q('to=2020-01-01')).json.total).toBe(0);
    expect((await q('action=nothing')).status).toBe(400);
  });

  it('exports the filtered entries as an .xlsx whose cells are text, and the export is an entry', async () => {
    const c = await createClient(t, 'coordinator', { first_name: '=HYPERLINK("x")' });
    const { result, entries } = await entriesOf(t, () =>
      t.app.inject({
        method: 'GET',
        url: `/api/audit/export?client_id=${c.client_id}`,
        headers: { authorization: `Bearer ${''}` },
      }),
    );
    expect(result.statusCode).toBe(401);
    expect(entries).toMatchObject([{ action: 'export', outcome: 'refused' }]);
    const token = await t.tokenForId(t.demo.admin.userId);
    const { result: file, entries: exported } = await entriesOf(t, () =>
      t.app.inject({
        method: 'GET',
        url: `/api/audit/export?client_id=${c.client_id}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2); // the header and the client's creation
    expect(sheet.getRow(2).getCell(6).text).toBe('create');
    expect(exported).toMatchObject([{ action: 'export', record_kind: 'audit', details: { rows: 1 } }]);
  });
});

describe('audit trail: administration', () => {
  it('records a centre change naming the fields that changed, before and after', async () => {
    const centres = (await t.call('GET', '/api/centres', { as: 'admin' })).json as Array<
      Record<string, unknown>
    >;
    const centre = centres.find((c) => c.centre_id === t.demo.coordinator.centreId)!;
    const { centre_id: _id, ...fields } = centre;
    const body = { ...fields, city: `${String(centre.city ?? '')}ville` };
    const { result, entries } = await entriesOf(t, () =>
      t.call('PUT', `/api/centres/${t.demo.coordinator.centreId}`, { as: 'admin', body }),
    );
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    expect(entries).toMatchObject([
      {
        action: 'update',
        record_kind: 'centre',
        record_id: t.demo.coordinator.centreId,
        details: {
          record_name: centre.name,
          changes: [
            { field: 'city', before: centre.city ?? null, after: `${String(centre.city ?? '')}ville` },
          ],
        },
      },
    ]);
  });

  it("records a catalogue item's change naming the fields that changed, before and after", async () => {
    const barriers = (await t.call('GET', '/api/barriers', { as: 'admin' })).json as Array<
      Record<string, unknown>
    >;
    const barrier = barriers.find((b) => !b.is_other)!;
    const { result, entries } = await entriesOf(t, () =>
      t.call('PUT', `/api/barriers/${String(barrier.barrier_id)}`, {
        as: 'admin',
        body: {
          name: `${String(barrier.name)} (renamed)`,
          description: 'A description the item did not have.',
          category: barrier.category,
          disabled: barrier.disabled,
          reporting_type: barrier.reporting_type,
        },
      }),
    );
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    expect(entries).toMatchObject([
      {
        action: 'update',
        record_kind: 'catalogue',
        details: {
          list: 'barriers',
          record_name: `${String(barrier.name)} (renamed)`,
          changes: [
            { field: 'name', before: barrier.name, after: `${String(barrier.name)} (renamed)` },
            {
              field: 'description',
              before: barrier.description ?? null,
              after: 'A description the item did not have.',
            },
          ],
        },
      },
    ]);
  });
});

describe('audit trail: passwords', () => {
  it('records a reset asked for, a reset made and a change, never the link or the password', async () => {
    const reporter = t.demo.reporter;
    const { result: asked, entries: askedEntries } = await entriesOf(t, () =>
      t.call('POST', '/api/auth/request-reset', { body: { email: reporter.email } }),
    );
    expect(askedEntries).toMatchObject([
      {
        action: 'password_reset_request',
        user_id: reporter.userId,
        record_id: reporter.userId,
        outcome: 'allowed',
      },
    ]);
    const resetTo = 'Reset-pass-2468';
    const { entries: resetEntries } = await entriesOf(t, () =>
      t.call('POST', '/api/auth/reset-password', {
        body: { token: asked.json.token, id: asked.json.id, password: resetTo },
      }),
    );
    expect(resetEntries).toMatchObject([
      { action: 'password_reset', user_id: reporter.userId, outcome: 'allowed' },
    ]);
    const changeTo = 'Changed-pass-1357';
    const { result: changed, entries: changeEntries } = await entriesOf(t, () =>
      t.call('POST', '/api/auth/change-password', {
        as: 'reporter',
        body: { id: reporter.userId, password: changeTo },
      }),
    );
    expect(changed.status).toBe(200);
    expect(changeEntries).toMatchObject([
      { action: 'password_change', user_id: reporter.userId, record_id: reporter.userId, outcome: 'allowed' },
    ]);
    const all = JSON.stringify(await auditRows(t));
    for (const secret of [
      asked.json.token,
      resetTo,
      changeTo,
      changed.json.accessToken,
      changed.json.refreshToken,
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
