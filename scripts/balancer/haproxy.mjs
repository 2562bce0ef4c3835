// Debian's HAProxy on deploy/haproxy.cfg, the one configuration compose mounts too, with the
// addresses in the environment variables it reads; its runtime API on a Unix socket tells each
// server's state as its health check sees it.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startTracked, sleep, within } from './processes.mjs';

export const HAPROXY_CONFIG = path.resolve(import.meta.dirname, '../../deploy/haproxy.cfg');

/** The haproxy binary: on the PATH, or where Debian puts it. */
function binary() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat('/usr/sbin')) {
    const file = path.join(dir, 'haproxy');
    if (fs.existsSync(file)) return file;
  }
  throw new Error('haproxy is not installed (Debian: apt-get install haproxy)');
}

/** One runtime API command's answer. */
function ask(socket, command) {
  return new Promise((resolve, reject) => {
    let answer = '';
    const conn = net.createConnection(socket, () => conn.end(`${command}\n`));
    conn.setEncoding('utf8');
    conn.on('data', (chunk) => (answer += chunk));
    conn.on('end', () => resolve(answer));
    conn.on('error', reject);
  });
}

/**
 * Starts HAProxy listening on 127.0.0.1:`port` in front of `servers` (one or two host:port, named
 * app1 and app2 in its statistics), its log in `workDir`/haproxy.log. Answers once its runtime API
 * answers.
 */
export async function startHaproxy({ port, servers, workDir }) {
  if (servers.length < 1 || servers.length > 2)
    throw new Error('HAProxy runs in front of one or two servers');
  const socket = path.join(workDir, 'haproxy.sock');
  const env = {
    ...process.env,
    CAIRN_BALANCER_BIND: `127.0.0.1:${port}`,
    CAIRN_BALANCER_STATS: socket,
    CAIRN_SERVER_1: servers[0],
  };
  delete env.CAIRN_SERVER_2;
  if (servers[1]) env.CAIRN_SERVER_2 = servers[1];
  // -db: in the foreground, so that it is this process's child and stops with it.
  const started = startTracked(binary(), ['-db', '-f', HAPROXY_CONFIG], { env });
  const logFile = path.join(workDir, 'haproxy.log');
  const log = fs.createWriteStream(logFile);
  started.child.stdout.pipe(log);
  started.child.stderr.pipe(log);
  let exit = null;
  started.exited.then((e) => (exit = e));

  /** Each server's status by name ('UP', 'DOWN', 'UP 1/2' while rising…). */
  async function states() {
    const csv = (await ask(socket, 'show stat')).trim().split('\n');
    const header = csv[0].replace(/^# /, '').split(',');
    const [px, sv, status] = ['pxname', 'svname', 'status'].map((c) => header.indexOf(c));
    const found = {};
    for (const line of csv.slice(1)) {
      const cells = line.split(',');
      if (cells[px] === 'servers' && cells[sv] !== 'BACKEND') found[cells[sv]] = cells[status];
    }
    return found;
  }

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exit !== null) throw new Error(`haproxy exited (${exit.code ?? exit.signal}):\n${started.output()}`);
    if (
      await states().then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`haproxy did not start:\n${started.output()}`);
    await sleep(100);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    pid: started.child.pid,
    logFile,
    states,
    /** Waits until server `name`'s status is exactly `status`; false if not within `timeoutMs`. */
    async waitFor(name, status, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if ((await states())[name] === status) return true;
        await sleep(100);
      }
      return false;
    },
    async stop() {
      if (exit === null) started.child.kill('SIGTERM');
      await within(started.exited, 5_000, null);
      if (exit === null) started.child.kill('SIGKILL');
      if (!log.writableEnded) await new Promise((resolve) => log.end(resolve));
    },
    /** The requests its log shows sent again after a failed try: all, and those sent to another server. */
    retried() {
      let retried = 0;
      let redispatched = 0;
      for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
        // httplog: … actconn/feconn/beconn/srv_conn/retries (a + when redispatched) srv_queue/backend_queue …
        const m = / \d+\/\d+\/\d+\/\d+\/(\+?)(\d+) \d+\/\d+ /.exec(line);
        if (!m || m[2] === '0') continue;
        retried += 1;
        if (m[1] === '+') redispatched += 1;
      }
      return { retried, redispatched };
    },
  };
}
