import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secrets.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A process that waits until `startAt`, then loads or creates the secret and prints it. */
function processCreating(
  dataDir: string,
  startAt: number,
): Promise<{ code: number | null; out: string; err: string }> {
  const script = `
    const { loadOrCreateSecret } = await import(${JSON.stringify(path.join(here, 'secrets.ts'))});
    while (Date.now() < ${startAt}) {}
    process.stdout.write(loadOrCreateSecret(${JSON.stringify(dataDir)}, 'client-data.key'));
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('a secret generated into the data directory', () => {
  it('is created once, readable by its owner only, and read back as it was written', () => {
    const dir = path.join(tempDir(), 'data');
    const secret = loadOrCreateSecret(dir, 'client-data.key');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(path.join(dir, 'client-data.key')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(dir, 'client-data.key')).toBe(secret);
    // Nothing left beside it.
    expect(fs.readdirSync(dir)).toEqual(['client-data.key']);
  });

  it('is the same for processes that start together on one empty data directory, none failing', async () => {
    const dir = path.join(tempDir(), 'data');
    // Each process loads the code first, then all ask at the same moment.
    const startAt = Date.now() + 3_000;
    const runs = await Promise.all(Array.from({ length: 6 }, () => processCreating(dir, startAt)));
    for (const run of runs) expect(run, run.err).toMatchObject({ code: 0 });
    const written = fs.readFileSync(path.join(dir, 'client-data.key'), 'utf8');
    expect(new Set(runs.map((r) => r.out))).toEqual(new Set([written]));
    expect(fs.readdirSync(dir)).toEqual(['client-data.key']);
  }, 30_000);
});
