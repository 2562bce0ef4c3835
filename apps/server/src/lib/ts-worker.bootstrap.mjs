// Starts a TypeScript worker thread where the server runs from its sources (tsx, the tests):
// Node.js 20 does not hand the main thread's tsx loader to a worker (ERR_UNKNOWN_FILE_EXTENSION),
// so this registers it, then imports the worker's own file. The built server starts its workers'
// JavaScript directly (worker-thread.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.tsSource);
