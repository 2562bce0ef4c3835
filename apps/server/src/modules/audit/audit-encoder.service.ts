import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../lib/worker-thread.ts';
import { encodeBatch, type BatchAnswer, type ChainEnd, type EncodedBatch } from './audit-batch.service.ts';
import type { WriterKeys } from './audit-rotation.service.ts';
import type { PendingEntry } from './audit-writer.service.ts';

/**
 * Chains and encodes a batch after the last stored entry (encodeBatch, wherever it runs), with
 * the chain's key it was built with.
 */
export type EncodeBatch = (last: ChainEnd | null, entries: readonly PendingEntry[]) => Promise<EncodedBatch>;

/**
 * encodeBatch on the calling thread, with `key`: for a caller that appends within its own
 * transaction (appendEntries), for tests and tools.
 */
export function encoderOnThread(keys: WriterKeys): EncodeBatch {
  return (last, entries) => Promise.resolve(encodeBatch(last, entries, keys));
}

export interface BatchEncoder {
  encode: EncodeBatch;
  /** Stops the worker thread (the writer's close, after its last batch). */
  close(): Promise<void>;
}

/**
 * The writer's encoder: encodeBatch in a worker thread of its own (audit-batch.worker.ts), so that
 * numbering, hashing and encoding a second's entries (thousands under load) does not hold the
 * requests that arrive meanwhile. The worker starts with the first batch, given the chain's key;
 * it holds the process open only while a batch is being encoded; a worker that fails is started
 * again for the next. `keys`: the current key and the ids of the previous ones (a rotation).
 */
export function createBatchEncoder(keys: WriterKeys): BatchEncoder {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(batch: EncodedBatch): void; reject(err: Error): void }>();

  const failAll = (err: Error) => {
    worker = undefined;
    for (const job of pending.values()) job.reject(err);
    pending.clear();
  };

  function started(): Worker {
    if (worker) return worker;
    const w = startWorker(new URL('./audit-batch.worker.ts', import.meta.url), { chainKeys: keys });
    w.on('message', (answer: BatchAnswer) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      if (pending.size === 0) w.unref();
      if ('error' in answer) job.reject(new Error(`audit batch not encoded: ${answer.error}`));
      else job.resolve(answer.batch);
    });
    w.on('error', (err) => {
      if (worker === w) failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) failAll(new Error(`audit batch worker stopped (${code})`));
    });
    worker = w;
    return w;
  }

  return {
    encode(last, entries) {
      const w = started();
      const id = (nextId += 1);
      return new Promise<EncodedBatch>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        w.postMessage({ id, last, entries });
      });
    },
    async close() {
      const w = worker;
      if (!w) return;
      failAll(new Error('audit batch worker closed'));
      await w.terminate();
    },
  };
}
