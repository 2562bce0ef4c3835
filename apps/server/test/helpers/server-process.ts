import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../../scripts/free-port.mjs';

/** The repository's root, where the real server's and commands' sources are run from. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A free port (scripts/balancer/processes.mjs). */
export { freePort };

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** What the process wrote so far, its log (stdout) and stderr together. */
  output: () => string;
}

/**
 * The real server (src/main.ts) on PostgreSQL at `databaseUrl`, else on the embedded database in
 * `dataDir`, answering once its health says so (within `timeoutMs`); `env` adds to or overrides
 * the test's settings.
 */
export async function startServer(options: {
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _none, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'development',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      DATA_DIR: options.dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      ...options.env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, output: () => output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops a server with SIGTERM and answers its exit code once it has exited. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  return exited;
}
