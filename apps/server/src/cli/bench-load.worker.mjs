// Runs one autocannon load in a thread of its own, so that generating the load does not share an
// event loop with the server being measured. Plain JavaScript: worker threads do not get the
// TypeScript loader the main thread runs with. Job and result shapes: LoadJob and LoadResult in
// bench.ts. Inside a worker thread autocannon posts progress messages of its own to the parent,
// so the result is marked.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const job = workerData;
let next = 0;
const options = {
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  headers: { authorization: `Bearer ${job.token}` },
  requests: [{ setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length] }) }],
};
// Off the main thread autocannon answers its raw histograms; aggregating gives the percentiles.
const result = autocannon.aggregateResult([await autocannon(options)], options);
parentPort.postMessage({
  kind: 'bench-result',
  requests: result['2xx'],
  seconds: result.duration,
  non2xx: result.non2xx,
  errors: result.errors,
  p50: result.latency.p50,
  p99: result.latency.p99,
});
