// Runs autocannon loads in a thread of its own, so that generating the load does not share an
// event loop with the server being measured: one job at a time, as the main thread posts them (one
// thread for the whole run, so that no load pays for starting it). Plain JavaScript: worker
// threads do not get the TypeScript loader the main thread runs with. Job and result shapes:
// LoadJob and LoadAnswer in bench-run.ts. Inside a worker thread autocannon posts progress messages
// of its own to the parent, so the result is marked.
import { parentPort } from 'node:worker_threads';
import autocannon from 'autocannon';

async function run(job) {
  let next = 0;
  const options = {
    url: job.url,
    connections: job.connections,
    duration: job.duration,
    headers: { authorization: `Bearer ${job.token}` },
    requests: [
      {
        setupRequest: (request) => {
          const i = next++;
          const path = job.paths[i % job.paths.length];
          const body = job.bodies?.[i % job.bodies.length];
          if (body === undefined || body === null) return { ...request, path };
          const headers = { ...request.headers, 'content-type': 'application/json' };
          return { ...request, path, method: 'POST', headers, body };
        },
      },
    ],
  };
  // autocannon's histogram keeps whole milliseconds; each answer's own time (a fraction of a
  // millisecond, from process.hrtime) is kept instead, so the percentiles are as precise as the SQL's.
  const latencies = [];
  const load = autocannon(options);
  load.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = autocannon.aggregateResult([await load], options);
  parentPort.postMessage({
    kind: 'bench-result',
    requests: result['2xx'],
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    latencies: Float64Array.from(latencies),
  });
}

let queue = Promise.resolve();
parentPort.on('message', (job) => {
  queue = queue.then(() => run(job));
});
