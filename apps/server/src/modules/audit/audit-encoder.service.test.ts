import { afterEach, describe, expect, it } from 'vitest';
import { arrayLiteral, encodeBatch } from './audit-batch.service.ts';
import { chainKeyOf } from './audit-chain.service.ts';
import { createBatchEncoder, type BatchEncoder } from './audit-encoder.service.ts';
import type { PendingEntry } from './audit-writer.service.ts';

const entry = (i: number, userAgent: string | null): PendingEntry => ({
  at: `2026-11-27T10:00:0${i}.000Z`,
  userId: i,
  roleId: 1,
  action: 'read',
  recordKind: 'client',
  recordId: 100 + i,
  clientId: 100 + i,
  address: '127.0.0.1',
  userAgent,
  outcome: 'allowed',
  details: { n: i },
});

const key = { current: chainKeyOf('an-audit-chain-key-of-32-characters-or-more'), previousIds: [] };

let encoder: BatchEncoder | undefined;
afterEach(() => encoder?.close());

describe('the audit batch encoder', () => {
  it('writes array literals that quote and escape text, and leave NULL bare', () => {
    expect(arrayLiteral([1, null, 'a "b" \\ c', 'NULL', ''], (v) => v)).toBe(
      '{1,NULL,"a \\"b\\" \\\\ c","NULL",""}',
    );
  });

  it('encodes in its worker thread exactly what encodeBatch encodes here, batch after batch', async () => {
    encoder = createBatchEncoder(key);
    const entries = [entry(1, 'a "quoted" agent'), entry(2, null), entry(3, 'x\\y')];
    const last = { seq: 41, hash: 'a'.repeat(64) };
    const [inWorker, again] = await Promise.all([
      encoder.encode(last, entries),
      encoder.encode(null, entries.slice(0, 1)),
    ]);
    expect(inWorker).toEqual(encodeBatch(last, entries, key));
    expect(inWorker.count).toBe(3);
    expect(inWorker.columns[0]).toBe('{42,43,44}');
    // Every entry names the key's fingerprint (the last column), which is not the key.
    expect(inWorker.columns.at(-1)).toBe(`{"${key.current.id}","${key.current.id}","${key.current.id}"}`);
    expect(key.current.id).toMatch(/^[0-9a-f]{16}$/);
    expect(again).toEqual(encodeBatch(null, entries.slice(0, 1), key));
  });

  it('starts a new worker after close, and refuses what was pending when it closed', async () => {
    encoder = createBatchEncoder(key);
    const refused = expect(encoder.encode(null, [entry(1, null)])).rejects.toThrow('closed');
    await encoder.close();
    await refused;
    expect((await encoder.encode(null, [entry(2, null)])).count).toBe(1);
  });
});
