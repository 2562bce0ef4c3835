/**
 * `node --import tsx apps/server/src/cli/bench-attachments.ts [--runs 5]` with DATABASE_URL naming
 * a PostgreSQL server: the figures of issue 15. A fresh database is made on that server, the app
 * runs in a process of its own on it (as in production), and through HTTP:
 * - upload and download throughput of a 10 MB file, one request at a time (medians of --runs);
 * - the server process's resident memory before and at its peak while 5 uploads of 10 MB run at
 *   once (sampled every 10 ms from /proc, and the kernel's own high-water mark).
 * The database is dropped at the end. Results go to docs/performance.md by hand.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { readOptions, runCommand, UsageError } from './command.ts';

const USAGE = 'Usage: DATABASE_URL=postgres://… bench-attachments.ts [--runs 5] [--port 3299]';
const MB = 1024 * 1024;
const FILE_BYTES = 10 * MB;
const CONCURRENT = 5;

const root = path.resolve(import.meta.dirname, '../../../..');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A kernel figure of a process, in MiB (VmRSS now, VmHWM its peak so far). */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function pdfOf(bytes: number): Buffer {
  const out = crypto.randomBytes(bytes);
  Buffer.from('%PDF-1.7\n').copy(out);
  return out;
}

async function main(): Promise<number> {
  const options = readOptions(
    () =>
      parseArgs({
        options: {
          runs: { type: 'string', default: '5' },
          port: { type: 'string', default: '3299' },
          help: { type: 'boolean', short: 'h' },
        },
      }).values,
    USAGE,
  );
  if (!options) return 0;
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new UsageError(`DATABASE_URL must name a PostgreSQL server.\n\n${USAGE}`);
  const runs = Number(options.runs);
  const port = Number(options.port);

  const name = `cairn_bench_att_${crypto.randomBytes(3).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-att-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: withDatabase(adminUrl, name),
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 600) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'coordinator@example.ca', password: 'Demo-pass-1' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const created = await fetch(`${base}/api/clients`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: 'Files',
        disability: 'No',
        citizenship: 'Canadian citizen',
        highest_education: 'Highschool diploma',
        indigenous: 'No',
        consent: true,
      }),
    });
    const clientId = ((await created.json()) as { id: number }).id;

    const file = pdfOf(FILE_BYTES);
    const digest = crypto.createHash('sha256').update(file).digest('hex');
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([file], { type: 'application/pdf' }), 'scan.pdf');
      const res = await fetch(`${base}/api/clients/${clientId}/attachments`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const body = (await res.json()) as { attachment_id: number };
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
      return body.attachment_id;
    };

    const uploadMs: number[] = [];
    const downloadMs: number[] = [];
    const ids: number[] = [];
    await upload(); // warm-up
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      ids.push(await upload());
      uploadMs.push(performance.now() - start);
    }
    for (const id of ids) {
      const start = performance.now();
      const res = await fetch(`${base}/api/attachments/${id}/content`, { headers: auth });
      const bytes = Buffer.from(await res.arrayBuffer());
      downloadMs.push(performance.now() - start);
      if (crypto.createHash('sha256').update(bytes).digest('hex') !== digest) throw new Error('bytes differ');
    }

    const pid = server.pid!;
    const before = memoryOf(pid, 'VmRSS');
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid, 'VmRSS'));
    }, 10);
    const start = performance.now();
    await Promise.all(Array.from({ length: CONCURRENT }, upload));
    const concurrentMs = performance.now() - start;
    clearInterval(sampler);
    const highWater = memoryOf(pid, 'VmHWM');

    const mbps = (ms: number) => (FILE_BYTES / MB / (ms / 1000)).toFixed(1);
    console.log(
      `Attachments on PostgreSQL, 10 MB file, ${runs} runs each (medians), ${os.cpus().length} cores`,
    );
    console.log(`upload:   ${median(uploadMs).toFixed(0)} ms  (${mbps(median(uploadMs))} MB/s)`);
    console.log(`download: ${median(downloadMs).toFixed(0)} ms  (${mbps(median(downloadMs))} MB/s)`);
    console.log(
      `${CONCURRENT} uploads at once: ${concurrentMs.toFixed(0)} ms; server RSS ${before.toFixed(0)} MiB before, ` +
        `${peak.toFixed(0)} MiB at its sampled peak (+${(peak - before).toFixed(0)} MiB); VmHWM ${highWater.toFixed(0)} MiB`,
    );
    return 0;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

runCommand(main, 'The attachments benchmark failed:');
