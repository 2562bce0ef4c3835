// `npm start`: install what is missing, build the web app if it is out of date, then run the
// server (which migrates, seeds an empty database and serves web and API on PORT).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureInstall } from './ensure-install.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureInstall();

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return 0;
  const stat = fs.statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  for (const entry of fs.readdirSync(dir)) latest = Math.max(latest, newest(path.join(dir, entry)));
  return latest;
}

const web = path.join(root, 'apps/web');
const builtAt = newest(path.join(web, 'dist/index.html'));
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
  path.join(web, p),
);
const sourcesAt = Math.max(...sources.map(newest), newest(path.join(root, 'packages/shared/src')));
if (sourcesAt > builtAt) {
  console.log('Building the web app…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
