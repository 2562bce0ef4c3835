import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writerChainKeys } from '../../src/modules/audit/audit-key.service.ts';
import { createAuditWriter, type PendingEntry } from '../../src/modules/audit/audit-writer.service.ts';
import { auditRows, lastSeq, readEntry } from '../helpers/audit.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entry = (recordId: number): PendingEntry => readEntry(recordId);

describe('audit trail: the batched writer', () => {
  it('writes in one turn what was queued when it began; what comes meanwhile waits for the next', async () => {
    // Its own timer never fires here: only the flushes below write.
    const writer = createAuditWriter(t.db, writerChainKeys(t.config), pino({ level: 'silent' }), 3_600_000);
    const since = await lastSeq(t);
    writer.enqueue(entry(1));
    writer.enqueue(entry(2));
    const turn = writer.flush();
    // Queued while the first turn writes (its transaction is under way: the write is asynchronous).
    writer.enqueue(entry(3));
    await turn;
    expect(writer.backlog).toBe(1);
    expect((await auditRows(t, since)).map((e) => e.record_id)).toEqual([1, 2]);

    await writer.close();
    expect(writer.backlog).toBe(0);
    expect((await auditRows(t, since)).map((e) => e.record_id)).toEqual([1, 2, 3]);
  });
});
