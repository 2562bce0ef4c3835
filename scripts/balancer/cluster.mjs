// The drill's two built server processes on one database, in production mode, and the stop and
// start of one of them while HAProxy watches: the process must leave HAProxy's rotation before it
// closes its port, exit 0 within SHUTDOWN_TIMEOUT_S, and come back into the rotation.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sleep } from './processes.mjs';
import { startServer } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** What HAProxy's check needs before a stopping process closes its port (deploy/haproxy.cfg). */
export const SHUTDOWN_DRAIN_S = 6;
export const SHUTDOWN_TIMEOUT_S = 20;

/** The environment every process shares: one database, one set of keys. */
export function clusterEnv({ db, balancerUrl, workDir }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: db.serverUrl,
    MIGRATION_DATABASE_URL: db.ownerUrl,
    MIGRATE_ON_START: 'off',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    CLIENT_DATA_KEY: crypto.randomBytes(32).toString('hex'),
    AUDIT_CHAIN_KEY: crypto.randomBytes(32).toString('hex'),
    // Nothing in the drill sends mail; production requires a relay to be named.
    SMTP_HOST: '127.0.0.1',
    APP_URL: balancerUrl,
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_S: String(SHUTDOWN_DRAIN_S),
    SHUTDOWN_TIMEOUT_S: String(SHUTDOWN_TIMEOUT_S),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    AUDIT_CHECKPOINT_FILE: path.join(workDir, 'audit-checkpoints.log'),
  };
  delete env.REPLICA_URL;
  if (process.env.DRILL_REPLICA_URL) env.REPLICA_URL = process.env.DRILL_REPLICA_URL;
  return env;
}

/**
 * The drill's processes: `start(i)` starts process i (0 or 1) on ports[i] with its own data
 * folder, the demo accounts and clients seeded by the first start of the first one.
 */
export function createCluster({ env, ports, workDir }) {
  const servers = [null, null];
  let seeded = false;
  return {
    servers,
    async start(i) {
      const dataDir = path.join(workDir, `data-${i + 1}`);
      fs.mkdirSync(dataDir, { recursive: true });
      const server = startServer({
        name: `process ${i + 1}`,
        args: ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
        env: { ...env, DATA_DIR: dataDir, SEED_DEMO: seeded ? 'false' : 'true' },
        port: ports[i],
        cwd: root,
      });
      seeded = true;
      servers[i] = server;
      await server.ready();
      return server;
    },
  };
}

/**
 * Stops process i with SIGTERM while watching HAProxy's view of it, then starts it again and
 * waits until HAProxy sends to it. Answers what was seen; throws what went wrong.
 */
export async function stopAndRestart(cluster, lb, i, at) {
  const name = `app${i + 1}`;
  const server = cluster.servers[i];
  const signalled = Date.now();
  const signalledAt = at();
  let outAfterMs = null;
  const watch = (async () => {
    while (server.alive()) {
      const state = (await lb.states().catch(() => ({})))[name] ?? '';
      if (state.startsWith('DOWN')) {
        outAfterMs = Date.now() - signalled;
        return;
      }
      await sleep(100);
    }
  })();
  const stopped = await server.stop(SHUTDOWN_TIMEOUT_S * 1000 + 5_000);
  await watch;
  const seen = { process: i + 1, signalledAt, exitCode: stopped.code, stopMs: stopped.ms, outAfterMs };
  if (stopped.code !== 0)
    throw new Error(
      `process ${i + 1} stopped with ${stopped.code ?? stopped.signal} after ${stopped.ms} ms:\n${server.output()}`,
    );
  if (stopped.ms > SHUTDOWN_TIMEOUT_S * 1000)
    throw new Error(
      `process ${i + 1} took ${stopped.ms} ms to stop (SHUTDOWN_TIMEOUT_S=${SHUTDOWN_TIMEOUT_S})`,
    );
  if (outAfterMs === null)
    throw new Error(`HAProxy still had process ${i + 1} in its rotation when it closed its port`);
  await cluster.start(i);
  const back = Date.now();
  if (!(await lb.waitFor(name, 'UP', 15_000)))
    throw new Error(`HAProxy did not take process ${i + 1} back within 15 s of it being ready`);
  return { ...seen, backInMs: Date.now() - back };
}
