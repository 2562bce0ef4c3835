import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyTrail, type AuditRow } from '../helpers/audit.ts';
import { intake } from '../helpers/clients.ts';
import { freshPlan } from '../helpers/plans.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A change's entry is written in the change's own transaction (modules/audit/
 * audit-transaction.service.ts), into the trail's inbox: it is stored the moment the change is
 * answered, with no flush of the batched writer, which this app never runs on its own; a flush
 * moves it into the chain. Reads' entries are queued in the process. A create's entry names the
 * new record, with an Idempotency-Key or without; a replay answered from the key is a read of
 * it, never a second create.
 */
let t: TestApp;
let planId: number;
let clientId: number;
beforeAll(async () => {
  t = await createTestApp({}, { flushEveryMs: 3_600_000 });
  const plan = await freshPlan(t);
  planId = plan.plan_id;
  clientId = plan.client_id;
  await t.app.audit.flush();
});
afterAll(() => t.close());

type Stored = Omit<AuditRow, 'seq' | 'prev_hash' | 'hash'> & { seq: number };

/**
 * The stored entries after `afterSeq`, read straight from the tables, nothing flushed: the
 * chain's, then the inbox's (`seq` there is the inbox's own order, after every chained entry).
 */
async function storedAfter(afterSeq: number): Promise<Stored[]> {
  const result = await t.db.execute(
    sql`SELECT * FROM (
          SELECT 0 AS part, seq::int AS seq, user_id, role_id, action, record_kind, record_id::int AS record_id,
                 client_id, address, user_agent, outcome, details
            FROM audit_entries WHERE seq > ${afterSeq}
          UNION ALL
          SELECT 1, id::int, user_id, role_id, action, record_kind, record_id::int, client_id, address, user_agent,
                 outcome, details
            FROM audit_inbox) s
        ORDER BY part, seq`,
  );
  return (result as unknown as { rows: Array<Stored & { part: number }> }).rows.map(({ part: _, ...r }) => r);
}

async function inboxCount(): Promise<number> {
  const result = await t.db.execute(sql`SELECT count(*)::int AS n FROM audit_inbox`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/** Moves the inbox into the chain, and answers the last chained entry's seq. */
async function lastStoredSeq(): Promise<number> {
  await t.app.audit.flush();
  const result = await t.db.execute(sql`SELECT coalesce(max(seq), 0)::int AS seq FROM audit_entries`);
  return (result as unknown as { rows: Array<{ seq: number }> }).rows[0]!.seq;
}

const noteBody = (topic: string) => ({
  plan_id: planId,
  topic,
  date: '2026-01-15',
  notes: 'Called about the course.',
});

describe('audit trail: a change and its entry commit together', () => {
  it('stores a create without a key, naming the new note, before any flush', async () => {
    const before = await lastStoredSeq();
    const res = await t.call('POST', '/api/notes', { as: 'coordinator', body: noteBody('No key') });
    expect(res.status).toBe(201);
    const entries = await storedAfter(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'create',
      record_kind: 'note',
      record_id: res.json.note_id,
      client_id: clientId,
      outcome: 'allowed',
      user_id: t.demo.coordinator.userId,
    });
    expect(await inboxCount()).toBe(1);
    await t.app.audit.flush();
    expect(await inboxCount()).toBe(0);
    const chained = await storedAfter(before);
    expect(chained.map((e) => [e.action, e.record_id])).toEqual([['create', res.json.note_id]]);
    expect(chained[0]!.seq).toBe(before + 1);
  });

  it('moves the inbox into the chain as stored: the same content, hashed as it is kept', async () => {
    const before = await lastStoredSeq();
    const names = ['Moved "one"', 'Moved \\ two', 'Moved, three'];
    for (const topic of names) {
      const res = await t.call('POST', '/api/notes', {
        as: 'coordinator',
        headers: { 'user-agent': `agent "${topic}"` },
        body: noteBody(topic),
      });
      expect(res.status).toBe(201);
    }
    const waiting = await storedAfter(before);
    expect(waiting).toHaveLength(3);
    const inboxAt = await t.db.execute(sql`SELECT at::text AS at FROM audit_inbox ORDER BY id`);
    await t.app.audit.flush();
    expect(await inboxCount()).toBe(0);
    const chained = await storedAfter(before);
    expect(chained).toEqual(waiting.map((e, i) => ({ ...e, seq: before + 1 + i })));
    const chainAt = await t.db.execute(
      sql`SELECT at::text AS at FROM audit_entries WHERE seq > ${before} ORDER BY seq`,
    );
    expect((chainAt as unknown as { rows: unknown[] }).rows).toEqual(
      (inboxAt as unknown as { rows: unknown[] }).rows,
    );
    const verified = await verifyTrail(t);
    expect(verified.code, verified.message).toBe(0);
  });

  it('stores a create sent with an Idempotency-Key naming the new note, and a replay writes no second create', async () => {
    const before = await lastStoredSeq();
    const headers = { 'idempotency-key': 'audit-writes-1' };
    const first = await t.call('POST', '/api/notes', { as: 'coordinator', body: noteBody('Keyed'), headers });
    expect(first.status).toBe(201);
    const created = await storedAfter(before);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      action: 'create',
      record_kind: 'note',
      record_id: first.json.note_id,
    });

    const replay = await t.call('POST', '/api/notes', {
      as: 'coordinator',
      body: noteBody('Keyed'),
      headers,
    });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await storedAfter(before)).length).toBe(1); // the read is queued, not written yet
    await t.app.audit.flush();
    const [chainedCreate, ...replayed] = await storedAfter(before);
    expect(chainedCreate).toMatchObject({ action: 'create', record_id: first.json.note_id });
    expect(replayed).toHaveLength(1);
    expect(replayed[0]).toMatchObject({
      action: 'read',
      record_kind: 'note',
      record_id: first.json.note_id,
      outcome: 'allowed',
      details: { replayed: true },
    });
  });

  it('stores a client create with a key (the web sends one on every create) naming the client', async () => {
    const before = await lastStoredSeq();
    const res = await t.call('POST', '/api/clients', {
      as: 'coordinator',
      headers: { 'idempotency-key': 'audit-writes-client' },
      body: intake({ first_name: 'Keyed' }),
    });
    expect(res.status).toBe(201);
    const entries = await storedAfter(before);
    expect(entries.map((e) => [e.action, e.record_kind, e.record_id, e.client_id])).toEqual([
      ['create', 'client', res.json.id, res.json.id],
    ]);
  });

  it('stores updates and deletes before any flush', async () => {
    const note = await t.call('POST', '/api/notes', { as: 'coordinator', body: noteBody('To change') });
    const id = note.json.note_id as number;
    let before = await lastStoredSeq();
    expect(
      (await t.call('PUT', `/api/notes/${id}`, { as: 'coordinator', body: noteBody('Changed') })).status,
    ).toBe(200);
    expect((await storedAfter(before)).map((e) => [e.action, e.record_id])).toEqual([['update', id]]);
    before = await lastStoredSeq();
    expect((await t.call('DELETE', `/api/notes/${id}`, { as: 'coordinator' })).status).toBe(204);
    expect((await storedAfter(before)).map((e) => [e.action, e.record_id])).toEqual([['delete', id]]);
  });

  it('queues reads and refusals for the batched writer', async () => {
    const before = await lastStoredSeq();
    expect((await t.call('GET', `/api/clients/${clientId}`, { as: 'coordinator' })).status).toBe(200);
    expect(
      (await t.call('POST', '/api/notes', { as: 'coordinator', body: { plan_id: planId } })).status,
    ).toBe(400);
    expect(await storedAfter(before)).toEqual([]);
    await t.app.audit.flush();
    expect((await storedAfter(before)).map((e) => [e.action, e.outcome])).toEqual([
      ['read', 'allowed'],
      ['create', 'refused'],
    ]);
  });
});
