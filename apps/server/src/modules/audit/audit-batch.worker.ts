import { parentPort, workerData } from 'node:worker_threads';
import { encodeBatch, type BatchAnswer, type BatchJob } from './audit-batch.service.ts';
import type { ChainKey } from './audit-chain.service.ts';

/**
 * The audit writer's worker thread: chains and encodes each batch it is sent (encodeBatch), off
 * the thread that answers requests, with the chain's key it was given when started
 * (`workerData.chainKey`). Started and fed by audit-encoder.service.ts.
 */

const port = parentPort;
if (!port) throw new Error('audit-batch.worker.ts runs in a worker thread');
const key = (workerData as { chainKey?: ChainKey } | null)?.chainKey;
if (!key) throw new Error('audit-batch.worker.ts is started with the chain key');
port.on('message', (job: BatchJob) => {
  let answer: BatchAnswer;
  try {
    answer = { id: job.id, batch: encodeBatch(job.last, job.entries, key) };
  } catch (err) {
    answer = { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(answer);
});
