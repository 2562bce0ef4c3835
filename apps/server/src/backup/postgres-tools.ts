import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { BackupRefusal } from './backup-errors.ts';

/**
 * PostgreSQL's own client tools (pg_dump, pg_restore), found on the PATH: Debian and Ubuntu's
 * postgresql-client-N (its wrapper picks the newest installed), or the server's packages.
 */
export type PgTool = 'pg_dump' | 'pg_restore';

/**
 * libpq's variables for a postgres:// address: the tools connect with them, so the password is
 * never on a command line (where `ps` would show it).
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  const set = (name: string, value: string | null | undefined) => {
    if (value) env[name] = value;
    else delete env[name];
  };
  set('PGHOST', u.searchParams.get('host') ?? (u.hostname ? decodeURIComponent(u.hostname) : null));
  set('PGPORT', u.searchParams.get('port') ?? u.port);
  set('PGUSER', u.searchParams.get('user') ?? decodeURIComponent(u.username));
  set('PGPASSWORD', u.searchParams.get('password') ?? decodeURIComponent(u.password));
  set('PGDATABASE', decodeURIComponent(u.pathname.replace(/^\//, '')) || null);
  set('PGSSLMODE', u.searchParams.get('sslmode'));
  return env;
}

/** The tool's major version, or a refusal saying how to install it. */
async function toolMajor(tool: PgTool): Promise<number> {
  const out = await run(tool, ['--version'], process.env).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupRefusal(
        `${tool} was not found: install PostgreSQL's client tools (Debian and Ubuntu: the ` +
          "postgresql-client package, of the server's major version or newer), then run this again.",
      );
    throw err;
  });
  const match = /\b(\d+)(?:\.\d+)?/.exec(out.replace(/^[^)]*\)/, ''));
  if (!match)
    throw new BackupRefusal(`${tool} --version answered "${out.trim()}": not a version this reads.`);
  return Number(match[1]);
}

/** Refuses a tool older than the server: pg_dump cannot dump a newer server. */
export async function requireTool(tool: PgTool, serverMajor: number): Promise<void> {
  const major = await toolMajor(tool);
  if (major < serverMajor)
    throw new BackupRefusal(
      `${tool} is version ${major}, older than the PostgreSQL server (${serverMajor}): install ` +
        `PostgreSQL ${serverMajor}'s client tools (postgresql-client-${serverMajor}), then run this again.`,
    );
}

/** Runs a tool to its end: its standard output, or an error with what it wrote to its standard error. */
export async function run(
  tool: PgTool,
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: Readable,
): Promise<string> {
  const started = start(tool, args, env, input);
  let out = '';
  started.output.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  await started.done;
  return out;
}

export interface StartedTool {
  /** What the tool writes to its standard output, to be read while it runs. */
  output: Readable;
  /** Resolves when it exits with 0; rejects with what it wrote to its standard error otherwise. */
  done: Promise<void>;
}

/** Starts a tool whose standard output is read as a stream (pg_restore's script of a large dump). */
export function start(tool: PgTool, args: string[], env: NodeJS.ProcessEnv, input?: Readable): StartedTool {
  const child = spawn(tool, args, { env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err = (err + chunk.toString('utf8')).slice(-4000)));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    if (input && child.stdin) {
      // pg_restore may stop reading when it fails: its exit code says why, not a broken pipe.
      child.stdin.on('error', () => {});
      input.on('error', (e) => child.kill() && reject(e));
      input.pipe(child.stdin);
    }
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit code ${code}): ${err.trim() || 'no message'}`));
    });
  });
  // Read by the caller, which may stop early (an error of its own): the exit is then awaited apart.
  done.catch(() => {});
  return { output: child.stdout!, done };
}
