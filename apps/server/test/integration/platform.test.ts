import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-platform-'));
// 3300–3599: no port there that fetch refuses (it refuses 3659, among others: 'bad port').
const port = 3300 + (process.pid % 300);

function startServer(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded run', () => {
  it('starts on an empty data directory, refuses a second process, and shuts down cleanly', async () => {
    const first = startServer();
    try {
      await waitFor(() => first.output().includes('Cairn is running at'), 60_000);
      expect(first.output()).toContain('admin@example.ca');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
      expect(fs.existsSync(path.join(dataDir, 'cairn.lock'))).toBe(true);

      const second = startServer();
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another Cairn process/);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'cairn.lock'))).toBe(false);
    } finally {
      first.child.kill('SIGKILL');
    }
  }, 90_000);
});
