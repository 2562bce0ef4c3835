import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, type OpenApiDocument, type Operation } from '../helpers/api-fuzz.ts';
import { upload, pdfBytes } from '../helpers/attachments.ts';
import { entriesOf } from '../helpers/audit.ts';
import { createGroup } from '../helpers/groups.ts';
import { createPlan } from '../helpers/plans.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

/**
 * The trail cannot be forgotten: every operation of the API description that touches a client's
 * record (by its path, or because it declares `x-audit`) writes exactly one entry per call,
 * allowed or refused, whoever calls. A new route under these paths without `audited(...)` fails
 * here.
 */
const CLIENT_RECORD_PATHS =
  /^\/api\/(clients|plans|notes|spendings|outcomes|follow-ups|stories|interactions|groups|attachments)(\/|$)/;

/** Operations under those paths that hold no client's information, and why. */
const NOT_CLIENT_RECORDS = new Set([
  // The interaction types: a catalogue, the same for everyone.
  'GET /api/interactions',
  // The deployment's file limits: the same for everyone.
  'GET /api/attachments/limits',
]);

let t: TestApp;
let operations: Operation[];
const ids = { client: 0, plan: 0, group: 0, attachment: 0, otherClient: 0 };

/** The query a read needs beyond its path (a merge's preview names the other client). */
const QUERIES: Record<string, () => string> = {
  '/api/clients/{id}/merge': () => `?other_id=${ids.otherClient}`,
};
beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.call('GET', '/api/docs/json')).json as OpenApiDocument;
  operations = operationsOf(document).filter(
    (op) =>
      !NOT_CLIENT_RECORDS.has(`${op.method} ${op.path}`) &&
      (CLIENT_RECORD_PATHS.test(op.path) || 'x-audit' in op.operation),
  );
  const client = await createClient(t, 'coordinator');
  ids.client = client.client_id;
  ids.otherClient = (await createClient(t, 'coordinator', { first_name: 'Other' })).client_id;
  ids.plan = (await createPlan(t, 'coordinator', client.client_id)).plan_id;
  ids.group = (await createGroup(t, 'coordinator', [client.client_id])).group_id;
  const file = await upload(t, 'coordinator', client.client_id, {
    filename: 'consent.pdf',
    content: pdfBytes(),
  });
  ids.attachment = (file.json as { attachment_id: number }).attachment_id;
});
afterAll(() => t.close());

/** The URL of an operation, its `{id}` a real record of the path's kind or one that does not exist. */
function urlOf(op: Operation, real: boolean): string {
  const kind = op.path.startsWith('/api/plans')
    ? 'plan'
    : op.path.startsWith('/api/groups')
      ? 'group'
      : op.path.startsWith('/api/attachments')
        ? 'attachment'
        : 'client';
  const query = real ? (QUERIES[op.path]?.() ?? '') : '';
  return op.path.replace('{id}', String(real ? ids[kind] : 2147480000)).replace('{text}', 'zz') + query;
}

async function expectOneEntry(op: Operation, url: string, as: DemoUserKey | null, body?: unknown) {
  const label = `${as ?? 'anonymous'} ${op.method} ${url}`;
  // A route that needs no sign-in (sign-in itself, resets) knows no caller from a token.
  const signedIn = op.operation.security?.length !== 0;
  const { result, entries } = await entriesOf(t, () =>
    t.call(op.method as 'GET', url, { ...(as ? { as } : {}), ...(body === undefined ? {} : { body }) }),
  );
  expect(entries, label).toHaveLength(1);
  const entry = entries[0]!;
  expect(entry.outcome, label).toBe(result.status < 400 ? 'allowed' : 'refused');
  expect(entry.user_id, label).toBe(as && signedIn ? t.demo[as].userId : null);
  expect(entry.record_kind, label).toBeTruthy();
  return { status: result.status, entry };
}

describe('audit coverage: every client-record operation of the API description', () => {
  it('finds them, and each declares its entry (x-audit)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(45);
    const undeclared = operations
      .filter((op) => !('x-audit' in op.operation))
      .map((op) => `${op.method} ${op.path}`);
    expect(undeclared).toEqual([]);
  });

  it('writes one refused entry per call without a sign-in, without the right, and for a missing record', async () => {
    for (const op of operations) {
      const body = op.operation.requestBody ? {} : undefined;
      const anonymous = await expectOneEntry(op, urlOf(op, false), null, body);
      // Sign-in, sign-out and resets need no sign-in: they refuse the empty body instead.
      const signedIn = op.operation.security?.length !== 0;
      expect(anonymous.status, `${op.method} ${op.path}`).toBe(signedIn ? 401 : 400);
      await expectOneEntry(op, urlOf(op, false), 'reporter', body);
      const coordinator = await expectOneEntry(op, urlOf(op, false), 'coordinator', body);
      if (op.path.includes('{id}') && coordinator.status === 404) {
        expect(coordinator.entry.details.status).toBe(404);
      }
    }
    // Three calls for each of some sixty operations, each entry flushed and read back.
  }, 90_000);

  it('writes one allowed entry per read of a real record, naming its client', async () => {
    // Reads of a client's record by its id (a ministry file's download is audited, but holds no one record).
    const reads = operations.filter(
      (o) => o.method === 'GET' && o.path.includes('{id}') && CLIENT_RECORD_PATHS.test(o.path),
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const op of reads) {
      const { status, entry } = await expectOneEntry(op, urlOf(op, true), 'coordinator');
      expect(status, op.path).toBe(200);
      if (op.path.startsWith('/api/groups')) {
        // The profile names its members; the plan check, those without an open plan (none here).
        expect(entry.details.client_ids, op.path).toEqual(
          op.path.endsWith('/check-plans') ? [] : [ids.client],
        );
      } else {
        expect(entry.client_id, op.path).toBe(ids.client);
      }
    }
  });

  it('names the client ids a list or a search answered', async () => {
    for (const url of [
      '/api/clients?per_page=100',
      '/api/clients/minimal?limit=50',
      '/api/clients/search/a',
    ]) {
      const { result, entries } = await entriesOf(t, () => t.call('GET', url, { as: 'coordinator' }));
      const items: Array<{ client_id: number }> = Array.isArray(result.json)
        ? result.json
        : result.json.items;
      expect(items.length, url).toBeGreaterThan(0);
      expect(entries, url).toHaveLength(1);
      expect(entries[0]!.details.client_ids, url).toEqual(items.map((i) => i.client_id));
    }
  });
});
