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
// autocannon's histogram keeps whole milliseconds; each answer's own time (a fraction of a
// millisecond, from process.hrtime) is kept instead, so the percentiles are as precise as the SQL's.
const latencies = [];
const run = autocannon(options);
run.on('response', (_client, statusCode, _bytes, responseTime) => {
  if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
});
const result = autocannon.aggregateResult([await run], options);
parentPort.postMessage({
  kind: 'bench-result',
  requests: result['2xx'],
  seconds: result.duration,
  non2xx: result.non2xx,
  errors: result.errors,
  latencies: Float64Array.from(latencies),
});
