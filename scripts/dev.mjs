// `npm run dev`: the server (embedded database and demo data unless DATABASE_URL says otherwise)
// restarting on every change, and the web app's Vite dev server with hot reload, which passes
// /api to the server. Ctrl-C stops both.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstall } from './ensure-install.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureInstall();
// The static PDFs and help pages are built, not committed: Vite serves them from apps/web/public,
// and the server reads the help index at start (a change to docs/help needs a restart of dev).
for (const script of ['scripts/build-documents.mjs', 'scripts/build-help.mjs']) {
  execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: 'inherit' });
}

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'apps/server/src/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort },
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, CAIRN_API_PORT: apiPort },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
// One of them ending (a crash, a port in use) ends the other: a half-running setup only confuses.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
