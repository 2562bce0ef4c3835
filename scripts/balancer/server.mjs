// A Cairn server process started for a drill or a benchmark, on a port of its own: ready when its
// /api/health/ready answers 200, stopped with SIGTERM as a service manager stops it.
import { startTracked, sleep, within } from './processes.mjs';

/**
 * Starts `node ARGS` (the built server, or the source through tsx) with `env`; PORT and HOST are
 * set here.
 */
export function startServer({ name, args, env, port, cwd }) {
  const started = startTracked(process.execPath, args, {
    cwd,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const url = `http://127.0.0.1:${port}`;
  let exit = null;
  started.exited.then((e) => (exit = e));
  return {
    name,
    port,
    url,
    pid: started.child.pid,
    output: started.output,
    /** Whether the process still runs. */
    alive: () => exit === null,
    /** Waits until the process is ready, or throws with its output. */
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (exit !== null)
          throw new Error(`${name} exited (${exit.code ?? exit.signal}) before ready:\n${started.output()}`);
        const status = await fetch(`${url}/api/health/ready`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > deadline)
          throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${started.output()}`);
        await sleep(200);
      }
    },
    /**
     * SIGTERM, then waits for the exit up to `timeoutMs`: its code (null for a signal or if it
     * outlived the wait) and how long it took.
     */
    async stop(timeoutMs) {
      const since = Date.now();
      if (exit === null) started.child.kill('SIGTERM');
      const result = await within(started.exited, timeoutMs, { code: null, signal: 'still running' });
      return { ...result, ms: Date.now() - since };
    },
  };
}
