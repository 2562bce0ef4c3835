// CI's load balancer drill (docs/ARCHITECTURE.md, "Several processes"; docs/operations.md,
// "Scaling out"): two built server processes on one fresh PostgreSQL database behind Debian's
// HAProxy on deploy/haproxy.cfg. A browser journey works through the balancer; then 20
// connections of reads and writes for 60 s, while each process in turn is stopped with SIGTERM
// and started again, must see no error and no answer but a 2xx, and every confirmed write must be
// in the database with its audit entry. Needs `npm run build` first. Exits non-zero, saying what
// failed, on any failure; every process it started is killed whatever happens.
//
//   node scripts/balancer-drill.mjs
//   (TEST_DATABASE_URL: the PostgreSQL to make its database on; DRILL_REPLICA_URL: passed to the
//   servers as REPLICA_URL; DRILL_PORT: the first of three ports to use, else free ones)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterEnv, createCluster, stopAndRestart } from './balancer/cluster.mjs';
import { createDatabase, migrateBuilt } from './balancer/database.mjs';
import { startHaproxy } from './balancer/haproxy.mjs';
import { runLoad } from './balancer/load.mjs';
import { killAll, startTracked } from './balancer/processes.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
const BOUND_MS = 175_000;
const CONNECTIONS = 20;
const SECONDS = 60;
const baseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

function step(text) {
  console.log(`- ${text}`);
}

async function ports() {
  const first = Number(process.env.DRILL_PORT);
  if (Number.isInteger(first) && first > 0) return [first, first + 1, first + 2];
  return [await freePort(), await freePort(), await freePort()];
}

async function signIn(url, email) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo-pass-1' }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} through the balancer answered ${res.status}`);
  return (await res.json()).accessToken;
}

/** The journey through the balancer, in Chromium (e2e/balancer). */
async function journey(balancerUrl) {
  const run = startTracked(
    process.execPath,
    [
      path.join(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '-c',
      'e2e/balancer/playwright.config.ts',
    ],
    {
      cwd: root,
      env: { ...process.env, BALANCER_URL: balancerUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const { code, signal } = await run.exited;
  if (code !== 0) throw new Error(`the journey through the balancer failed (${code ?? signal})`);
}

const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '-');

function summarise(load, cycles, confirmed, found, audited) {
  console.log(
    `\nLoad through HAProxy: ${CONNECTIONS} connections, ${load.seconds.toFixed(1)} s: ` +
      `${load.requests} requests (${load.counts.list} lists, ${load.counts.profile} profiles, ` +
      `${load.counts.note} note creates), ${Math.round(load.requests / load.seconds)} req/s, ` +
      `p50 ${ms(load.p50)}, p99 ${ms(load.p99)}; ${load.failures.length} failed.`,
  );
  for (const c of cycles)
    console.log(
      `  process ${c.process}: SIGTERM at ${c.signalledAt} s, out of HAProxy's rotation after ` +
        `${(c.outAfterMs / 1000).toFixed(1)} s, exit ${c.exitCode} after ${(c.stopMs / 1000).toFixed(1)} s; ` +
        `started again, back in the rotation ${(c.backInMs / 1000).toFixed(1)} s after ready`,
    );
  console.log(
    `  writes: ${confirmed} confirmed, ${found} in the database, ${audited} with their audit entry`,
  );
}

async function main() {
  const failures = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-balancer-'));
  const [lbPort, port1, port2] = await ports();
  const balancerUrl = `http://127.0.0.1:${lbPort}`;
  let db = null;
  let lb = null;
  let cluster = null;
  try {
    db = await createDatabase(baseUrl, 'cairn_lb_');
    step(`database ${db.name}: ${migrateBuilt(db, process.env)}`);
    const env = clusterEnv({ db, balancerUrl, workDir: work });
    cluster = createCluster({ env, ports: [port1, port2], workDir: work });
    await cluster.start(0);
    await cluster.start(1);
    step(
      `two processes ready on ports ${port1} and ${port2} (demo accounts and clients seeded by the first)`,
    );
    lb = await startHaproxy({
      port: lbPort,
      servers: [`127.0.0.1:${port1}`, `127.0.0.1:${port2}`],
      workDir: work,
    });
    for (const name of ['app1', 'app2'])
      if (!(await lb.waitFor(name, 'UP', 15_000))) throw new Error(`HAProxy did not find ${name} ready`);
    step(`HAProxy on ${balancerUrl} (deploy/haproxy.cfg): both processes up`);

    await journey(balancerUrl);
    step('the journey through the balancer passed');

    const [coordinator] = await db.query(
      `SELECT user_id, centre_id FROM users WHERE email = 'coordinator@example.ca'`,
    );
    const clientIds = (
      await db.query('SELECT client_id FROM clients WHERE centre_id = $1 ORDER BY client_id', [
        coordinator.centre_id,
      ])
    ).map((r) => r.client_id);
    const planIds = (
      await db.query(
        `SELECT p.plan_id FROM plans p JOIN clients c USING (client_id)
          WHERE c.centre_id = $1 AND p.status = 'Open' ORDER BY p.plan_id`,
        [coordinator.centre_id],
      )
    ).map((r) => r.plan_id);
    if (clientIds.length === 0 || planIds.length === 0)
      throw new Error('the demo seed made no clients with open plans');
    const token = await signIn(balancerUrl, 'coordinator@example.ca');
    step(
      `load: ${CONNECTIONS} connections for ${SECONDS} s over ${clientIds.length} clients and ${planIds.length} open plans`,
    );
    const cycles = [];
    const load = await runLoad({
      url: balancerUrl,
      token,
      clientIds,
      planIds,
      connections: CONNECTIONS,
      seconds: SECONDS,
      events: [0, 1].map((i) => ({
        name: `process ${i + 1} stopped and started again`,
        atSeconds: i === 0 ? 15 : 35,
        run: async (at) => cycles.push(await stopAndRestart(cluster, lb, i, at)),
      })),
    });
    failures.push(...load.eventFailures);

    // Both stopped as a service manager would: their audit queues written before they exit.
    for (const [i, server] of cluster.servers.entries()) {
      const stopped = await server.stop(30_000);
      if (stopped.code !== 0)
        failures.push(`process ${i + 1} stopped at the end with ${stopped.code ?? stopped.signal}`);
    }
    await lb.stop();
    const ids = load.noteIds;
    const [{ found }] = await db.query(
      'SELECT count(*)::int AS found FROM notes WHERE note_id = ANY($1::int[])',
      [ids],
    );
    const [{ audited }] = await db.query(
      `SELECT count(DISTINCT record_id)::int AS audited FROM audit_entries
        WHERE record_kind = 'note' AND action = 'create' AND record_id = ANY($1::int[])`,
      [ids],
    );
    summarise(load, cycles, ids.length, found, audited);
    const { retried, redispatched } = lb.retried();
    console.log(
      `  HAProxy sent ${retried} requests again after a failed try (${redispatched} to the other process)`,
    );

    if (load.failures.length > 0) {
      failures.push(`${load.failures.length} requests failed; the first ones:`);
      for (const f of load.failures.slice(0, 10)) failures.push(`  ${JSON.stringify(f)}`);
    }
    if (ids.length === 0) failures.push('no write was confirmed');
    if (found !== ids.length) failures.push(`${ids.length - found} confirmed writes are not in the database`);
    if (audited !== ids.length) failures.push(`${ids.length - audited} confirmed writes have no audit entry`);
    if (cycles.length !== 2) failures.push(`${cycles.length} of 2 processes were stopped and started again`);
    for (const c of cycles)
      if (c.signalledAt + c.stopMs / 1000 > load.seconds)
        failures.push(
          `process ${c.process} stopped after the load had ended: the machine was too slow to prove it`,
        );
  } catch (err) {
    failures.push(err instanceof Error ? err.message : String(err));
  } finally {
    await lb?.stop();
    if (failures.length > 0 && lb) {
      const log = fs.readFileSync(lb.logFile, 'utf8').split('\n');
      const odd = log.filter((l) => l && !/ 200 \d+ - - ---- /.test(l) && !/ 201 \d+ - - ---- /.test(l));
      console.error(
        `\nHAProxy's log, lines other than a clean 2xx (${odd.length}):\n${odd.slice(0, 40).join('\n')}`,
      );
    }
    killAll();
    await db?.drop().catch((err) => failures.push(`dropping ${db.name}: ${err.message}`));
    fs.rmSync(work, { recursive: true, force: true });
  }
  return failures;
}

const bound = setTimeout(() => {
  console.error(`\nThe drill took longer than ${BOUND_MS / 1000} s: stopped.`);
  killAll();
  process.exit(1);
}, BOUND_MS);
bound.unref();

const failures = await main();
if (failures.length > 0) {
  console.error(`\nThe load balancer drill failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nThe load balancer drill passed.');
