import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, lastSeq } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Two entries may wait; the writer never writes on its own turn, only when flushed.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUDIT_QUEUE_MAX: '2' }, { flushEveryMs: 3_600_000 });
});
afterAll(() => t.close());

describe('audit trail: a queue that cannot drain', () => {
  it('refuses audited calls with 503 past its limit, writes no entry for them, and serves again once written', async () => {
    const c = await createClient(t, 'coordinator');
    const since = await lastSeq(t);
    const read = () => t.call('GET', `/api/clients/${c.client_id}`, { as: 'coordinator' });

    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    expect(t.app.audit.backlog).toBe(2);

    const refused = await read();
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({ error: { code: 'audit_unavailable' } });
    // A refused call is refused before it runs: a write is not made either.
    const update = await t.call('DELETE', `/api/clients/${c.client_id}`, { as: 'coordinator' });
    expect(update.status).toBe(503);
    // A route the trail does not cover still answers.
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    expect(t.app.audit.backlog).toBe(2);

    const written = await auditRows(t, since);
    expect(written.map((e) => [e.action, e.record_kind, e.client_id])).toEqual([
      ['read', 'client', c.client_id],
      ['read', 'client', c.client_id],
    ]);
    expect(t.app.audit.backlog).toBe(0);
    expect((await read()).status).toBe(200);
    expect((await t.call('GET', `/api/clients/${c.client_id}`, { as: 'admin' })).status).toBe(200);
  });
});
