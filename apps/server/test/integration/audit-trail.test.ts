import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

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
