import { parentPort, workerData } from 'node:worker_threads';
import { encodeBatch, type BatchAnswer, type BatchJob } from './audit-batch.service.ts';
import type { WriterKeys } from './audit-rotation.service.ts';

/**
 * The audit writer's worker thread: chains and encodes each batch it is sent (encodeBatch), off
 * the thread that answers requests, with the chain's keys it was given when started
 * (`workerData.chainKeys`). Started and fed by audit-encoder.service.ts.
 */

const port = parentPort;
if (!port) throw new Error('audit-batch.worker.ts runs in a worker thread');
const keys = (workerData as { chainKeys?: WriterKeys } | null)?.chainKeys;
if (!keys) throw new Error('audit-batch.worker.ts is started with the chain keys');
port.on('message', (job: BatchJob) => {
  let answer: BatchAnswer;
  try {
    answer = { id: job.id, batch: encodeBatch(job.last, job.entries, keys) };
  } catch (err) {
    answer = { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(answer);
});
