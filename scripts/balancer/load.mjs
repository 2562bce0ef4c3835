// The drill's bounded load: `connections` loops of fetch through the balancer for `seconds`, a mix
// of reads (the client list, a client's profile) and writes (a note created with an
// Idempotency-Key, as the web sends it), every answer checked, every confirmed write's id kept;
// meanwhile `events` run at their times (a process stopped and started again).
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sleep } from './processes.mjs';

/** Four reads of the list and four of a profile for two writes. */
const kindOf = (i) => (i % 10 < 4 ? 'list' : i % 10 < 8 ? 'profile' : 'note');

/** The request of kind `kind` (the i-th), and how its 2xx answer's body is checked. */
function requestOf(kind, i, { url, token, clientIds, planIds }) {
  const headers = { authorization: `Bearer ${token}` };
  if (kind === 'list')
    return {
      url: `${url}/api/clients`,
      init: { headers },
      check: (b) => Array.isArray(b.items) && b.items.length > 0 && typeof b.total === 'number',
    };
  if (kind === 'profile') {
    const id = clientIds[i % clientIds.length];
    return { url: `${url}/api/clients/${id}`, init: { headers }, check: (b) => b.client_id === id };
  }
  const planId = planIds[i % planIds.length];
  return {
    url: `${url}/api/notes`,
    init: {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomBytes(16).toString('hex'),
      },
      body: JSON.stringify({
        plan_id: planId,
        topic: 'Balancer drill',
        date: '2026-01-15',
        notes: `Drill note ${i}`,
      }),
    },
    check: (b) => Number.isInteger(b.note_id) && b.plan_id === planId,
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs the load; answers its counts, latencies' percentiles (ms), the failures (each with its kind,
 * time in seconds and status or error), the confirmed notes' ids and the events' own failures.
 */
export async function runLoad({ url, token, clientIds, planIds, connections, seconds, events }) {
  const target = { url, token, clientIds, planIds };
  const started = performance.now();
  const end = started + seconds * 1000;
  const at = () => Number(((performance.now() - started) / 1000).toFixed(2));
  const latencies = [];
  const counts = { list: 0, profile: 0, note: 0 };
  const failures = [];
  const noteIds = [];
  let next = 0;

  async function loop() {
    while (performance.now() < end) {
      const i = next++;
      const kind = kindOf(i);
      const req = requestOf(kind, i, target);
      const t0 = performance.now();
      counts[kind] += 1;
      try {
        const res = await fetch(req.url, req.init);
        const text = await res.text();
        const ms = performance.now() - t0;
        if (res.status < 200 || res.status > 299) {
          failures.push({ kind, at: at(), status: res.status, body: text.slice(0, 200) });
          continue;
        }
        let body;
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
        if (!body || !req.check(body)) {
          failures.push({
            kind,
            at: at(),
            status: res.status,
            body: `unexpected answer: ${text.slice(0, 200)}`,
          });
          continue;
        }
        latencies.push(ms);
        if (kind === 'note') noteIds.push(body.note_id);
      } catch (err) {
        const cause = err.cause?.code ?? err.cause?.message ?? err.message;
        failures.push({ kind, at: at(), error: String(cause) });
      }
    }
  }

  const eventFailures = [];
  const timeline = (async () => {
    for (const event of events) {
      const wait = event.atSeconds * 1000 - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      try {
        await event.run(at);
      } catch (err) {
        eventFailures.push(`${event.name}: ${err.message}`);
      }
    }
  })();

  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  await timeline;
  latencies.sort((a, b) => a - b);
  return {
    requests: counts.list + counts.profile + counts.note,
    counts,
    seconds: elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    noteIds,
    eventFailures,
  };
}
