// Installs the workspace's dependencies when they are missing or older than the lock file,
// so that `npm start` and `npm test` work straight after a clone.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'node_modules', '.package-lock.json');
const manifests = [
  'package.json',
  'package-lock.json',
  'packages/shared/package.json',
  'apps/server/package.json',
  'apps/web/package.json',
];

function mtime(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

export function ensureInstall() {
  const installed = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  if (installed && manifests.every((m) => mtime(m) <= installed)) return;
  console.log('Installing dependencies…');
  execSync('npm install --no-audit --no-fund', {
    cwd: root,
    stdio: 'inherit',
    // Browser tests use the system's Chromium; never download one.
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  // npm leaves the marker untouched when nothing changed; touch it so the check stays cheap.
  if (fs.existsSync(marker)) fs.utimesSync(marker, new Date(), new Date());
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
