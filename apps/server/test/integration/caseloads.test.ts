import { ROLE } from '@cairn/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, entriesOf, lastSeq } from '../helpers/audit.ts';
import { createClient, rawClientRow, whole } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { formBody, userCalls } from '../helpers/users.ts';

/**
 * Caseloads (issue 32): a client's worker at intake, its change and validation, reassignment by
 * ids and by a worker's clients (one transaction), the role and centre matrix, the users that
 * leave, and the audit entries of each client.
 */
let t: TestApp;
const users = userCalls(() => t);
/** A second Coordinator of the demo Coordinator's centre, and their token. */
let colleague: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const { id } = await users.createUser();
  colleague = { id, token: await t.tokenForId(id) };
});
afterAll(() => t.close());

const reassign = (as: 'admin' | 'coordinator' | 'coordinator2' | 'reporter', body: unknown) =>
  t.call('POST', '/api/clients/reassign', { as, body });

const workerOf = async (clientId: number) => (await rawClientRow(t, clientId))!.workerId;

describe('a client at intake', () => {
  it("is the creating Coordinator's, shown with their name", async () => {
    const client = await createClient(t, 'coordinator');
    expect(client.worker_id).toBe(t.demo.coordinator.userId);
    const profile = await t.call('GET', `/api/clients/${client.client_id}`, { as: 'coordinator' });
    expect(profile.json.worker_id).toBe(t.demo.coordinator.userId);
    const me = await t.call('GET', `/api/users/${t.demo.coordinator.userId}`, { as: 'coordinator' });
    expect(profile.json.worker_name).toBe(me.json.full_name);
  });

  it("is nobody's when an Admin takes it, unless they name a worker of its centre", async () => {
    const centre_id = t.demo.coordinator.centreId;
    expect((await createClient(t, 'admin', { centre_id })).worker_id).toBeNull();
    const named = await createClient(t, 'admin', { centre_id, worker_id: colleague.id });
    expect(named.worker_id).toBe(colleague.id);
    expect((await createClient(t, 'coordinator', { worker_id: null })).worker_id).toBeNull();
    expect((await createClient(t, 'coordinator', { worker_id: colleague.id })).worker_id).toBe(colleague.id);
  });

  it('refuses a worker who is no active Coordinator of its centre, saving nothing', async () => {
    const before = await t.call('GET', '/api/clients?per_page=1', { as: 'admin' });
    for (const worker_id of [
      t.demo.coordinator2.userId, // another centre's Coordinator
      t.demo.reporter.userId, // the centre's Reporter
      t.demo.admin.userId,
      2147480000, // nobody
    ]) {
      const res = await t.call('POST', '/api/clients', {
        as: 'coordinator',
        body: {
          first_name: 'Ada',
          last_name: 'Refused',
          disability: 'No',
          citizenship: 'Canadian citizen',
          indigenous: 'No',
          consent: true,
          worker_id,
        },
      });
      expect(res.status, String(worker_id)).toBe(400);
      expect(res.json.error.code).toBe('worker_not_eligible');
      expect(res.json.error.field_codes.worker_id.code).toBe('worker_not_eligible');
    }
    const after = await t.call('GET', '/api/clients?per_page=1', { as: 'admin' });
    expect(after.json.total).toBe(before.json.total);
  });
});

describe('changing a worker (POST /clients/reassign)', () => {
  it("changes one client's worker for the centre's Coordinators and Admins, and refuses Reporters", async () => {
    const client = await createClient(t, 'coordinator');
    const body = { client_ids: [client.client_id], worker_id: colleague.id };
    const res = await reassign('coordinator', body);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ reassigned: 1, client_ids: [client.client_id], worker_id: colleague.id });
    expect(await workerOf(client.client_id)).toBe(colleague.id);

    expect((await reassign('reporter', body)).status).toBe(403);
    // Another centre's Coordinator: the client answers as a missing one.
    const other = await reassign('coordinator2', { ...body, worker_id: t.demo.coordinator2.userId });
    expect(other.status).toBe(404);
    expect(await workerOf(client.client_id)).toBe(colleague.id);

    const admin = await reassign('admin', { client_ids: [client.client_id], worker_id: null });
    expect(admin.json.reassigned).toBe(1);
    expect(await workerOf(client.client_id)).toBeNull();
    // The colleague (a Coordinator of the centre, signed in) may take it back.
    const back = await t.call('POST', '/api/clients/reassign', {
      token: colleague.token,
      body: { client_ids: [client.client_id], worker_id: colleague.id },
    });
    expect(back.status).toBe(200);
    expect(await workerOf(client.client_id)).toBe(colleague.id);
  });

  it('refuses them all when one id is missing or of another centre, changing nothing', async () => {
    const a = await createClient(t, 'coordinator');
    const b = await createClient(t, 'coordinator');
    const elsewhere = await createClient(t, 'coordinator2');
    for (const extra of [2147480000, elsewhere.client_id]) {
      const res = await reassign('coordinator', {
        client_ids: [a.client_id, b.client_id, extra],
        worker_id: colleague.id,
      });
      expect(res.status).toBe(404);
    }
    expect(await workerOf(a.client_id)).toBe(t.demo.coordinator.userId);
    expect(await workerOf(b.client_id)).toBe(t.demo.coordinator.userId);
    // An Admin reaches both centres, but one worker is of one centre only: 400, nothing changed.
    const mixed = await reassign('admin', {
      client_ids: [a.client_id, elsewhere.client_id],
      worker_id: colleague.id,
    });
    expect(mixed.status).toBe(400);
    expect(mixed.json.error.code).toBe('worker_not_eligible');
    expect(await workerOf(elsewhere.client_id)).toBe(t.demo.coordinator2.userId);
    // …while leaving both unassigned is one change across centres.
    const cleared = await reassign('admin', {
      client_ids: [a.client_id, elsewhere.client_id],
      worker_id: null,
    });
    expect(cleared.json.reassigned).toBe(2);
    expect(await workerOf(a.client_id)).toBeNull();
    expect(await workerOf(elsewhere.client_id)).toBeNull();
  });

  it('refuses a worker of another centre or role, and a deactivated one', async () => {
    const client = await createClient(t, 'coordinator');
    const { id: leaving } = await users.createUser();
    const read = await users.read(leaving);
    const off = await t.call('PUT', `/api/users/${leaving}`, {
      as: 'admin',
      body: { ...formBody(read), active: false },
    });
    expect(off.status).toBe(200);
    for (const worker_id of [t.demo.coordinator2.userId, t.demo.reporter.userId, leaving]) {
      const res = await reassign('admin', { client_ids: [client.client_id], worker_id });
      expect(res.status, String(worker_id)).toBe(400);
      expect(res.json.error.field_codes.worker_id.code).toBe('worker_not_eligible');
    }
    expect(await workerOf(client.client_id)).toBe(t.demo.coordinator.userId);
  });

  it('checks the body: one of client_ids and from_worker_id, at most 1,000 ids, worker_id present', async () => {
    const client = await createClient(t, 'coordinator');
    for (const body of [
      { worker_id: null },
      { client_ids: [client.client_id], from_worker_id: colleague.id, worker_id: null },
      { client_ids: [], worker_id: null },
      { client_ids: Array.from({ length: 1001 }, (_, i) => i + 1), worker_id: null },
      { client_ids: [client.client_id] },
      { client_ids: ['x'], worker_id: null },
      { client_ids: [client.client_id], worker_id: 'me' },
    ]) {
      const res = await reassign('coordinator', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await workerOf(client.client_id)).toBe(t.demo.coordinator.userId);
  });

  it("moves every client of a leaving worker within the caller's scope (from_worker_id)", async () => {
    const { id: leaving } = await users.createUser();
    const theirs = [];
    for (let i = 0; i < 3; i++) theirs.push(await createClient(t, 'coordinator', { worker_id: leaving }));
    const mine = await createClient(t, 'coordinator');
    // Another centre's Coordinator reaches none of them.
    const none = await reassign('coordinator2', {
      from_worker_id: leaving,
      worker_id: t.demo.coordinator2.userId,
    });
    expect(none.json.reassigned).toBe(0);

    const res = await reassign('admin', { from_worker_id: leaving, worker_id: colleague.id });
    expect(res.status).toBe(200);
    expect(res.json.reassigned).toBe(3);
    expect([...res.json.client_ids].sort()).toEqual(theirs.map((c) => c.client_id).sort());
    for (const c of theirs) expect(await workerOf(c.client_id)).toBe(colleague.id);
    expect(await workerOf(mine.client_id)).toBe(t.demo.coordinator.userId);
  });

  it("writes one entry per client, in each client's history, by the workers' names", async () => {
    const a = await createClient(t, 'coordinator');
    const b = await createClient(t, 'coordinator');
    const seq = await lastSeq(t);
    const res = await reassign('coordinator', {
      client_ids: [a.client_id, b.client_id],
      worker_id: colleague.id,
    });
    expect(res.status).toBe(200);
    const entries = await auditRows(t, seq);
    const call = entries.filter((e) => e.record_id === null);
    expect(call).toHaveLength(1);
    expect(call[0]!.details).toMatchObject({
      client_ids: [a.client_id, b.client_id],
      worker_id: colleague.id,
      reassigned: 2,
    });
    const me = (await t.call('GET', `/api/users/${t.demo.coordinator.userId}`, { as: 'admin' })).json
      .full_name;
    const them = (await users.read(colleague.id)).full_name;
    for (const c of [a, b]) {
      const own = entries.filter((e) => e.client_id === c.client_id && e.record_id === c.client_id);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({
        action: 'update',
        record_kind: 'client',
        outcome: 'allowed',
        user_id: t.demo.coordinator.userId,
      });
      expect(own[0]!.details).toMatchObject({
        record_name: c.full_name,
        changes: [{ field: 'worker', before: me, after: them }],
      });
      const history = await t.call('GET', `/api/audit?client_id=${c.client_id}`, { as: 'admin' });
      expect(
        history.json.items.some((i: { changes: unknown }) => JSON.stringify(i.changes).includes('"worker"')),
      ).toBe(true);
    }
    // A refused reassignment changed nothing and names nobody's change.
    const seq2 = await lastSeq(t);
    await reassign('reporter', { client_ids: [a.client_id], worker_id: null });
    const refused = await auditRows(t, seq2);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.outcome).toBe('refused');
  });
});

describe('a worker leaving', () => {
  it('leaves their clients unassigned when deactivated, deleted, or moved to another role or centre', async () => {
    const cases: Array<[string, (id: number) => Promise<number>]> = [
      [
        'deactivated',
        async (id) =>
          (await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: { active: false } })).status,
      ],
      ['deleted', async (id) => (await t.call('DELETE', `/api/users/${id}`, { as: 'admin' })).status],
      [
        'made a Reporter',
        async (id) =>
          (
            await t.call('PUT', `/api/users/${id}`, {
              as: 'admin',
              body: formBody(await users.read(id), { roles: [{ role_id: ROLE.reporter }] }),
            })
          ).status,
      ],
      [
        'moved to another centre',
        async (id) =>
          (
            await t.call('PUT', `/api/users/${id}`, {
              as: 'admin',
              body: formBody(await users.read(id), { centre: { centre_id: t.demo.coordinator2.centreId } }),
            })
          ).status,
      ],
    ];
    for (const [what, leave] of cases) {
      const { id } = await users.createUser();
      const a = await createClient(t, 'coordinator', { worker_id: id });
      const b = await createClient(t, 'coordinator', { worker_id: id });
      const other = await createClient(t, 'coordinator');
      const { result, entries } = await entriesOf(t, () => leave(id));
      expect(result, what).toBeLessThan(300);
      expect(await workerOf(a.client_id), what).toBeNull();
      expect(await workerOf(b.client_id), what).toBeNull();
      expect(await workerOf(other.client_id), what).toBe(t.demo.coordinator.userId);
      const userEntry = entries.find((e) => e.record_kind === 'user');
      expect(userEntry?.details.clients_unassigned, what).toBe(2);
      expect(
        entries
          .filter((e) => e.record_kind === 'client' && e.action === 'update')
          .map((e) => e.client_id)
          .sort(),
        what,
      ).toEqual([a.client_id, b.client_id].sort());
      // Listed for reassignment.
      const unassigned = await t.call('GET', '/api/clients?worker=none&per_page=100', { as: 'coordinator' });
      const listed = unassigned.json.items.map((i: { client_id: number }) => i.client_id);
      expect(listed, what).toEqual(expect.arrayContaining([a.client_id, b.client_id]));
    }
  });

  it('keeps the clients of a user whose change leaves them a Coordinator of the centre', async () => {
    const { id } = await users.createUser();
    const client = await createClient(t, 'coordinator', { worker_id: id });
    const renamed = await t.call('PUT', `/api/users/${id}`, {
      as: 'admin',
      body: formBody(await users.read(id), { first_name: 'Jody' }),
    });
    expect(renamed.status).toBe(200);
    expect(await workerOf(client.client_id)).toBe(id);
  });
});

describe('a client moved to another centre', () => {
  it("leaves the old centre's worker", async () => {
    const client = await createClient(t, 'coordinator');
    const moved = await t.call('PUT', `/api/clients/${client.client_id}`, {
      as: 'admin',
      body: whole(client, { centre_id: t.demo.coordinator2.centreId }),
    });
    expect(moved.status).toBe(200);
    expect(moved.json.worker_id).toBeNull();
    const stays = await createClient(t, 'coordinator');
    const saved = await t.call('PUT', `/api/clients/${stays.client_id}`, {
      as: 'coordinator',
      body: whole(stays, { phone: '555-0100' }),
    });
    expect(saved.json.worker_id).toBe(t.demo.coordinator.userId);
  });
});

describe('GET /workers', () => {
  it("lists a centre's active Coordinators, within the caller's scope", async () => {
    const res = await t.call('GET', `/api/workers?centre_id=${t.demo.coordinator.centreId}`, {
      as: 'coordinator',
    });
    expect(res.status).toBe(200);
    const ids = res.json.map((w: { user_id: number }) => w.user_id);
    expect(ids).toEqual(expect.arrayContaining([t.demo.coordinator.userId, colleague.id]));
    expect(ids).not.toContain(t.demo.reporter.userId);
    expect(ids).not.toContain(t.demo.coordinator2.userId);
    expect(
      (await t.call('GET', `/api/workers?centre_id=${t.demo.coordinator2.centreId}`, { as: 'coordinator' }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/workers?centre_id=${t.demo.coordinator2.centreId}`, { as: 'admin' })).status,
    ).toBe(200);
    expect((await t.call('GET', '/api/workers?centre_id=x', { as: 'admin' })).status).toBe(400);
  });
});
