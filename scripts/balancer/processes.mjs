// The processes a drill or a benchmark starts (Cairn's servers, HAProxy): each one tracked, and
// every one still alive killed when this process exits, whatever the way (an error, a signal).
import { spawn } from 'node:child_process';

const children = new Set();

/** Starts a command tracked as above, its piped output kept (the last 20,000 characters). */
export function startTracked(command, args, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.once('error', (err) => {
      children.delete(child);
      keep(String(err));
      resolve({ code: null, signal: null, error: err });
    });
  });
  return { child, exited, output: () => output };
}

/** Kills every tracked process still alive. */
export function killAll() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    killAll();
    process.exit(1);
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or `fallback` after `ms`. */
export function within(promise, ms, fallback) {
  let timer;
  return Promise.race([
    promise,
    new Promise((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
