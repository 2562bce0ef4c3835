// CI's check of the production artefact (docs/operations.md): packed as the Dockerfile packs it,
// installed with `npm ci --omit=dev` (no tsx, no build tool), migrated with its own command, then
// `npm run serve` on a fresh embedded database must become ready, sign a user in and stop cleanly;
// then its database backed up and restored with the built commands.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { packArtefact } from './pack-artefact.mjs';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-artefact-'));
const app = path.join(work, 'app');
const dataDir = path.join(work, 'data');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function step(text) {
  console.log(`- ${text}`);
}

/** The server under check, killed if the check fails before it stops it. */
let server = null;
try {
  packArtefact(app);
  step('packed');
  execFileSync(
    npm,
    ['ci', '--omit=dev', '--workspace=@cairn/server', '--prefer-offline', '--no-audit', '--no-fund'],
    {
      cwd: app,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (const tool of ['tsx', 'vite', 'esbuild', 'vitest', 'typescript', 'drizzle-kit']) {
    if (fs.existsSync(path.join(app, 'node_modules', tool)))
      throw new Error(`${tool} is installed by npm ci --omit=dev: it must be a dev dependency`);
  }
  step('installed with npm ci --omit=dev --workspace=@cairn/server: no TypeScript loader, no build tool');

  const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  const migrated = execFileSync(process.execPath, ['apps/server/dist/migrate.js'], {
    cwd: app,
    env,
    encoding: 'utf8',
  });
  if (!/the schema is current/.test(migrated)) throw new Error(`migrate said: ${migrated}`);
  step(`migrated: ${migrated.trim()}`);

  const port = await freePort();
  // `npm run serve`'s own command, run without npm in between (as the Dockerfile's CMD does), so
  // the signal reaches the server and its exit code is the server's.
  const serve = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')).scripts.serve.split(' ');
  if (serve[0] !== 'node') throw new Error(`npm run serve is not a node command: ${serve.join(' ')}`);
  server = spawn(process.execPath, serve.slice(1), {
    cwd: app,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', MIGRATE_ON_START: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (c) => (output += c));
  server.stderr.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${output}`);
    const ready = await fetch(`${base}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200) break;
    if (Date.now() > deadline) throw new Error(`the server did not become ready: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  step('npm run serve: ready');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.ca', password: 'Demo-pass-1' }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const page = await fetch(`${base}/clients`);
  if (page.status !== 200 || !(await page.text()).includes('<div id="root">'))
    throw new Error('the web app is not served');
  step('signed in; the web app served');
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 30_000))]);
  if (code !== 0) throw new Error(`the server stopped with ${code}: ${output}`);
  step('stopped cleanly');

  // The operator's backup commands, built: a backup of the stopped server's database, restored
  // into another DATA_DIR holding the same keys (copied, as an operator brings them apart from the
  // backup), which the built audit check then verifies.
  const backupFile = path.join(work, 'cairn.backup');
  const backedUp = execFileSync(process.execPath, ['apps/server/dist/backup.js', '--out', backupFile], {
    cwd: app,
    env,
    encoding: 'utf8',
  });
  if (!fs.existsSync(backupFile)) throw new Error(`backup wrote no file: ${backedUp}`);
  const restoredDir = path.join(work, 'restored');
  fs.mkdirSync(restoredDir);
  for (const key of ['client-data.key', 'audit-chain.key'])
    fs.copyFileSync(path.join(dataDir, key), path.join(restoredDir, key));
  const restoredEnv = { ...env, DATA_DIR: restoredDir };
  const restored = execFileSync(process.execPath, ['apps/server/dist/restore.js', backupFile], {
    cwd: app,
    env: restoredEnv,
    encoding: 'utf8',
  });
  if (!/Every table holds the rows the backup recorded/.test(restored))
    throw new Error(`restore said: ${restored}`);
  execFileSync(process.execPath, ['apps/server/dist/audit-verify.js'], { cwd: app, env: restoredEnv });
  step('backed up, restored into a new DATA_DIR, audit trail verified');

  // The key rotation, built: the restored database moved to a new client data key, the old one
  // listed as previous.
  const rotated = execFileSync(process.execPath, ['apps/server/dist/rotate-client-key.js'], {
    cwd: app,
    env: {
      ...restoredEnv,
      CLIENT_DATA_KEY: crypto.randomBytes(32).toString('hex'),
      CLIENT_DATA_KEYS_PREVIOUS: fs.readFileSync(path.join(restoredDir, 'client-data.key'), 'utf8').trim(),
    },
    encoding: 'utf8',
  });
  if (!/CLIENT_DATA_KEYS_PREVIOUS can now be dropped/.test(rotated))
    throw new Error(`rotate-client-key said: ${rotated}`);
  step('client data key rotated');
} finally {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
}
